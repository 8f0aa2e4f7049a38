import { Link } from 'react-router';
import { ruOutbox } from '../../i18n/outbox';
import { useOutboxStatus } from '../../lib/offline-store/outbox-status';
import { paths } from '../../lib/route-names';
import './outbox.css';

/**
 * In the header on every page while something queued on this device waits or was refused: the
 * count, red when a conflict needs the user. Leads to the «Не отправлено / Конфликт» page.
 */
export function OutboxBadge() {
  const { pending, conflicts } = useOutboxStatus();
  if (pending + conflicts === 0) return null;
  const label = ruOutbox.badgeLabel(pending, conflicts);
  return (
    <Link
      to={paths.outbox()}
      className={conflicts > 0 ? 'outbox-badge outbox-badge--conflict' : 'outbox-badge'}
      aria-label={label}
      title={label}
      data-testid="outbox-badge"
    >
      <span aria-hidden="true">{conflicts > 0 ? '!' : '↑'}</span>
      <span aria-hidden="true">{pending + conflicts}</span>
    </Link>
  );
}
