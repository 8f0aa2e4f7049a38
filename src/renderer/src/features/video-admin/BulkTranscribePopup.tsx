import { useMutation } from '@tanstack/react-query';
import { transcribeManyVideos, triggerUpdateInfoTranscribingManyVideos, updateInfoTranscribingManyVideos } from '@shared/contract/video-admin';
import type { BodyOf } from '@shared/contract/core';
import { useEffect, useState } from 'react';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, ErrorBox, Popup, ProgressBar, TextField } from '../../ui';
import { usePush } from '../../lib/use-push';

const t = ruVideoAdmin.bulk;
type Info = BodyOf<typeof updateInfoTranscribingManyVideos>;

/** Spec §5: the count must be a non-zero whole number, else the button is disabled. */
export function validCount(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value > 0 ? value : null;
}

export const bulkPercent = (info: Pick<Info, 'totalTranscribed' | 'toTranscribe'>) =>
  info.toTranscribe > 0 ? Math.floor((info.totalTranscribed / info.toTranscribe) * 100) : 0;

/** Bulk transcription (§2.12 'Расшифровка'): a count, then progress fed by pushes. */
export function BulkTranscribePopup({ open, onClose, onFinished }: { open: boolean; onClose: () => void; onFinished: () => void }) {
  const [count, setCount] = useState('');
  const [info, setInfo] = useState<Info | null>(null);
  const [started, setStarted] = useState(false);
  const start = useMutation({
    mutationFn: (toTranscribe: number) => liveRequest(transcribeManyVideos, { toTranscribe }),
    onSuccess: () => {
      setStarted(true);
      setInfo(null);
    },
  });

  usePush(updateInfoTranscribingManyVideos, (body) => {
    setInfo(body);
    if (body.isFinished === '1') onFinished();
  });

  // Opening shows a run already going (started here or by another editor).
  useEffect(() => {
    if (open) void liveRequest(triggerUpdateInfoTranscribingManyVideos, {}).catch(() => undefined);
  }, [open]);

  const running = info?.isFinished === '0';
  const value = validCount(count);
  const finishedEmpty = started && info?.isFinished === '1' && info.totalTranscribed === 0;

  return (
    <Popup
      open={open}
      onClose={onClose}
      title={t.title}
      size="sm"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
          <Button disabled={value === null || running} loading={start.isPending} onClick={() => value !== null && start.mutate(value)}>
            {t.start}
          </Button>
        </>
      }
    >
      <TextField label={t.count} value={count} onChange={setCount} inputMode="numeric" hint={t.hint} maxLength={3} />
      {start.isError && <ErrorBox message={liveErrorText(start.error)} />}
      {info && info.toTranscribe > 0 && (
        <div className="bulk-progress" aria-live="polite">
          <ProgressBar value={bulkPercent(info)} label={t.progress(info.totalTranscribed, info.toTranscribe)} />
          <p className="muted small">{info.status}</p>
        </div>
      )}
      {finishedEmpty && <ErrorBox message={t.failed} />}
    </Popup>
  );
}
