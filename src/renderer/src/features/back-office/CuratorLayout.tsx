import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { displayFlagsAtom } from '../../lib/live';
import { NavSection, type SideNavItem } from '../../ui/SideNav';
import { useWaitingWorks } from '../../lib/waiting-works';
import { ru } from '../../i18n/ru';
import { CountBadge } from '../../ui';
import { backOfficeQueries } from './api';

const t = ru.sections.curator;

/** Back-office §2.2: a button per section, each only with the user's permission flag. */
const ITEMS: SideNavItem[] = [
  { to: '/curator/standards', label: t.standards, flag: 'standards' },
  { to: '/curator/homeworks', label: t.homeworks, flag: 'homework' },
  { to: '/curator/users', label: t.users, flag: 'users' },
  // Issue 38: the curator's group through the learning model; the same door as the students list.
  { to: '/curator/group', label: t.group, flag: 'users' },
  { to: '/curator/tg_sending', label: t.tgSending, flag: 'tgMailing' },
  { to: '/curator/theory_chunks', label: t.theoryChunks, flag: 'theoryChunks' },
  { to: '/curator/statistic', label: t.statistic, flag: 'curatorStatistics' },
  { to: '/curator/questionsDz', label: t.questionsDz, flag: 'curatorDzQuestions' },
  { to: '/curator/files', label: t.files, flag: 'files' },
  { to: '/curator/change-variables', label: t.changeVariables, flag: 'changeVariables' },
  { to: '/curator/school_statistics', label: t.schoolStatistics, flag: 'adminSchoolStatistics' },
  { to: '/curator/video_edit', label: t.videoEdit, flag: 'curatorVideoLessons' },
  { to: '/curator/questions', label: t.questions, flag: 'questions' },
  { to: '/curator/textbooks', label: t.textbooks, flag: 'textbooks' },
  { to: '/curator/course', label: t.course, flag: 'course' },
  { to: '/curator/verbal_slots', label: t.verbalSlots, flag: 'curator' },
];

/** The curator area; «Проверка ДЗ» carries the count of works waiting for a check. */
export function CuratorLayout() {
  const flags = useAtomValue(displayFlagsAtom);
  const waiting = useWaitingWorks(flags?.homework === '1');
  const total = waiting.data?.total ?? 0;
  const oldPlatform = useOldPlatformUrl(flags?.oldPlatform === '1');
  const items = ITEMS.map((item) => (item.flag === 'homework' ? { ...item, badge: <CountBadge count={total} label={t.waitingCount(total)} /> } : item));
  if (oldPlatform) items.splice(3, 0, { to: 'old-platform', href: oldPlatform, label: t.oldPlatform, flag: 'oldPlatform' });
  return <NavSection items={items} label={t.heading} />;
}

/**
 * Back-office §2.2 «Старая платформа»: the school's old site from the OLD_PLATFORM_URL setting,
 * asked only by those with the flag; no button while it is unset or not a web address.
 */
function useOldPlatformUrl(allowed: boolean): string | null {
  const setting = useQuery({ ...backOfficeQueries.oldPlatformUrl(), enabled: allowed });
  const url = setting.data?.variablesStr.OLD_PLATFORM_URL?.trim() ?? '';
  return allowed && /^https?:\/\/\S+$/i.test(url) ? url : null;
}
