import { NO_PEER_OR_AI_TYPES, TRAIN_P2_TEXTS as T } from '../../../src/shared/contract/train-p2';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import { isOneOf } from '../../../src/shared/guards';

/** Demo and Пакетник accounts train alone: no classmates' checks and no AI (learning §2, §6). */
export const mayUsePeerModes = (user: CurrentUser) => !isOneOf(NO_PEER_OR_AI_TYPES, user.type);

export function requirePeerModes(user: CurrentUser): void {
  if (!mayUsePeerModes(user)) fail(T.noPeerModes);
}

/** Keys of what is being checked, handed out as studentId: 'c{answer id}' (a classmate's training answer), 'k{check id}' (a check like a curator). */
export const classmateKey = (answerId: number) => `c${answerId}`;
export const curatorCheckKey = (checkId: number) => `k${checkId}`;

export function parseKey(key: string): { kind: 'classmate' | 'curator'; id: number } | null {
  const match = /^([ck])(\d{1,10})$/.exec(key.trim());
  if (!match) return null;
  const id = Number(match[2]);
  if (id < 1 || id > 2_147_483_647) return null;
  return { kind: match[1] === 'c' ? 'classmate' : 'curator', id };
}

/** §5: a score above the task's maximum is refused with the maximum named. */
export function requireScoreWithin(points: number, max: number): void {
  if (points > max) fail(T.overMax.replace('{max}', String(max)));
}
