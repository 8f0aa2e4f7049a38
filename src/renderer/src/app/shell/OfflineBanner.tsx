import { useAtomValue } from 'jotai';
import { ru } from '../../i18n/ru';
import { liveStatusAtom } from '../../lib/live';

/** Tells the user plainly when the server is out of reach (the live socket is the signal). */
export function OfflineBanner() {
  const status = useAtomValue(liveStatusAtom);
  if (status !== 'offline' && status !== 'paused') return null;
  return (
    <div className="shell__offline" role="status">
      {ru.shell.offline}
    </div>
  );
}
