import { useQuery } from '@tanstack/react-query';
import {
  getLearnedComments,
  getProcesses,
  getStandard,
  getStandards,
  getUsersDidntLearnStandard,
  getUsersForProcess,
} from '@shared/contract/standards';
import { api } from '../../lib/api';
import { vkProfileHref } from '../../ui/person-link';

/** Every standards query starts with this key, so one invalidation refreshes the whole screen. */
export const STANDARDS_KEY = ['standards'] as const;

export const useStandards = (type: 'all' | 'didnt_learn') =>
  useQuery({
    queryKey: [...STANDARDS_KEY, 'list', type],
    queryFn: ({ signal }) => api.call(getStandards, { type }, { handleErrors: true, signal }),
  });

export const useStandard = (standardId: number) =>
  useQuery({
    queryKey: [...STANDARDS_KEY, 'standard', standardId],
    queryFn: ({ signal }) => api.call(getStandard, { standardId }, { handleErrors: true, signal }),
  });

/** A standard's comments (editors get everyone's), or with null the latest 50. */
export const useLearnedComments = (standardId: number | null, enabled = true) =>
  useQuery({
    queryKey: [...STANDARDS_KEY, 'comments', standardId ?? 'latest'],
    queryFn: ({ signal }) => api.call(getLearnedComments, { standardId: standardId ?? '' }, { handleErrors: true, signal }),
    enabled,
  });

export const useDidntLearn = (enabled: boolean) =>
  useQuery({
    queryKey: [...STANDARDS_KEY, 'didnt-learn-users'],
    queryFn: ({ signal }) => api.call(getUsersDidntLearnStandard, { standardId: 'all' }, { handleErrors: true, signal }),
    enabled,
  });

export const useProcesses = () =>
  useQuery({
    queryKey: [...STANDARDS_KEY, 'processes'],
    queryFn: ({ signal }) => api.call(getProcesses, {}, { handleErrors: true, signal }),
  });

export const useProcessUsers = (process: string) =>
  useQuery({
    queryKey: [...STANDARDS_KEY, 'process-users', process],
    queryFn: ({ signal }) => api.call(getUsersForProcess, { process }, { handleErrors: true, signal }),
  });

/** A messenger link for a person: Telegram by nickname, else VK by id. */
export function messengerHref(user: { userTgNickname: string; userVkId: string }): { href: string; text: string } | null {
  const nick = user.userTgNickname.replace(/^@/, '').trim();
  if (nick !== '') return { href: `https://t.me/${encodeURIComponent(nick)}`, text: `@${nick}` };
  const vk = vkProfileHref(user.userVkId);
  if (vk) return { href: vk, text: `vk.com/id${user.userVkId}` };
  return null;
}
