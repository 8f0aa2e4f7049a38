import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@shared/contract/core';
import { digitizeManyPoyasnP2, triggerUpdateInfoManyPoyasnP2, updateInfoManyPoyasnP2 } from '@shared/contract/question-bank-p2';
import { digitizePercent } from '@shared/domain/question-bank-p2';
import { useEffect, useState } from 'react';
import { ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { usePush } from '../../lib/use-push';
import { Button, ErrorBox, Popup, ProgressBar, TextField } from '../../ui';

const t = ruQuestionBankP2.many;
type Info = BodyOf<typeof updateInfoManyPoyasnP2>;

/** Bulk digitising of explanations: how many, then progress percent = floor(done / total × 100) from pushes. */
export function DigitizeManyPopup({ waiting, ocrProblem, onClose, onProgress }: { waiting: number; ocrProblem: string; onClose: () => void; onProgress: () => void }) {
  const [count, setCount] = useState(String(Math.max(waiting, 1)));
  const [info, setInfo] = useState<Info | null>(null);
  const amount = Number(count);
  const valid = /^\d+$/.test(count) && amount > 0;

  const start = useMutation({
    mutationFn: () => liveRequest(digitizeManyPoyasnP2, { toDigitize: amount }),
    onSuccess: () => setInfo(null),
  });
  usePush(updateInfoManyPoyasnP2, (body) => {
    setInfo(body);
    onProgress();
  });
  // Opening shows a run already going (started here, earlier, or by another editor).
  useEffect(() => {
    void liveRequest(triggerUpdateInfoManyPoyasnP2, {}).catch(() => undefined);
  }, []);

  const running = info?.isFinished === '0';
  const percent = info ? digitizePercent(info.totalDigitized, info.toDigitize) : 0;
  return (
    <Popup
      open
      onClose={onClose}
      size="sm"
      title={t.title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
          <Button disabled={!valid || running || ocrProblem !== ''} loading={start.isPending} onClick={() => start.mutate()}>
            {t.start}
          </Button>
        </>
      }
    >
      {ocrProblem && <ErrorBox message={ocrProblem} />}
      <TextField label={t.count} hint={t.countHint(waiting)} value={count} onChange={(value) => setCount(value.replace(/\D/g, '').slice(0, 5))} inputMode="numeric" />
      {start.isError && <ErrorBox message={liveErrorText(start.error)} />}
      {start.isSuccess && !info && <p className="small">{t.queued(start.data.queued)}</p>}
      {info && info.toDigitize > 0 && (
        <div className="p2many__progress" aria-live="polite">
          <ProgressBar value={percent} label={t.progress(info.totalDigitized, info.toDigitize, percent)} />
          <p className="muted small">{info.status}</p>
        </div>
      )}
    </Popup>
  );
}
