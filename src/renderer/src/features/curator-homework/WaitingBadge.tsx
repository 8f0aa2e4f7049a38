import { ru } from '../../i18n/ru';
import { CountBadge } from '../../ui';
import { useWaitingWorks } from '../../lib/waiting-works';

/**
 * The count of works waiting for a check beside «Кураторская». Loaded on its own only
 * for people with the queue, so the contract behind it stays out of everyone's first download.
 */
export function WaitingBadge() {
  const waiting = useWaitingWorks(true);
  const total = waiting.data?.total ?? 0;
  return <CountBadge count={total} label={ru.sections.curator.waitingCount(total)} />;
}
