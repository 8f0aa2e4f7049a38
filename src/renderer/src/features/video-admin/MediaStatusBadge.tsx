import { ruVideoAdmin } from '../../i18n/video-admin';
import { cx } from '../../ui';

/** The file's state: none, queued, processing, ready or failed (with the error next to it on the detail). */
export function MediaStatusBadge({ status }: { status: string }) {
  return <span className={cx('media-badge', `media-badge--${status}`)}>{`${ruVideoAdmin.list.media}: ${ruVideoAdmin.media[status] ?? status}`}</span>;
}
