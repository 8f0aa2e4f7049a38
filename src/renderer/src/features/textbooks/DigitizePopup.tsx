import { useMutation } from '@tanstack/react-query';
import { digitizeManyBookPages, triggerUpdateInfoDigitizeManyBookPages, updateInfoDigitizeManyBookPages } from '@shared/contract/textbooks';
import type { BodyOf } from '@shared/contract/core';
import { useEffect, useState } from 'react';
import { ruTextbooks } from '../../i18n/textbooks';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { usePush } from '../../lib/use-push';
import { Button, Checkbox, ErrorBox, Popup, ProgressBar, TextField } from '../../ui';
import { pageRange } from './book-form';

const t = ruTextbooks.digitize;
type Info = BodyOf<typeof updateInfoDigitizeManyBookPages>;

/** §192: progress percent = done / total × 100, floored. */
export const digitizePercent = (info: Pick<Info, 'totalDigitized' | 'toDigitize'>) => (info.toDigitize > 0 ? Math.floor((info.totalDigitized / info.toDigitize) * 100) : 0);

/** The page digitising popup: this page or a range, only empty pages by default, progress by pushes. */
export function DigitizePopup({ bookId, page, total, ocrProblem, onClose }: { bookId: number; page: number; total: number; ocrProblem: string; onClose: () => void }) {
  const [scope, setScope] = useState<'current' | 'range'>('current');
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState(String(total));
  const [onlyEmpty, setOnlyEmpty] = useState(false);
  const [info, setInfo] = useState<Info | null>(null);
  const pages = scope === 'current' ? [page] : pageRange(from, to, total);

  const start = useMutation({
    mutationFn: () => liveRequest(digitizeManyBookPages, { bookId, toDigitize: pages ?? [], onlyEmpty: onlyEmpty ? '1' : '0' }),
    onSuccess: () => setInfo(null),
  });

  usePush(updateInfoDigitizeManyBookPages, (body) => {
    if (body.bookId === String(bookId)) setInfo(body);
  });
  // Opening shows a run already going for this book (started here, earlier, or by another editor).
  useEffect(() => {
    void liveRequest(triggerUpdateInfoDigitizeManyBookPages, {}).catch(() => undefined);
  }, []);

  const running = info?.isFinished === '0';
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
          <Button disabled={pages === null || running || ocrProblem !== ''} loading={start.isPending} onClick={() => start.mutate()}>
            {t.start}
          </Button>
        </>
      }
    >
      {ocrProblem && <ErrorBox message={ocrProblem} />}
      <fieldset className="digitize__scope">
        <label>
          <input type="radio" name={`digitize-scope-${bookId}`} checked={scope === 'current'} onChange={() => (setScope('current'), setOnlyEmpty(false))} /> {t.current(page)}
        </label>
        <label>
          <input type="radio" name={`digitize-scope-${bookId}`} checked={scope === 'range'} onChange={() => (setScope('range'), setOnlyEmpty(true))} /> {t.range}
        </label>
      </fieldset>
      {scope === 'range' && (
        <div className="digitize__range">
          <TextField label={t.from} value={from} onChange={setFrom} inputMode="numeric" maxLength={5} />
          <TextField label={t.to} value={to} onChange={setTo} inputMode="numeric" maxLength={5} error={pages === null ? t.rangeInvalid(total) : undefined} />
        </div>
      )}
      <Checkbox checked={onlyEmpty} onChange={setOnlyEmpty} label={t.onlyEmpty} description={t.onlyEmptyHint} />
      {start.isError && <ErrorBox message={liveErrorText(start.error)} />}
      {start.isSuccess && !info && <p className="small">{t.queued(start.data.queued)}</p>}
      {info && info.toDigitize > 0 && (
        <div className="digitize__progress" aria-live="polite">
          <ProgressBar value={digitizePercent(info)} label={t.progress(info.totalDigitized, info.toDigitize)} />
          <p className="muted small">{info.status}</p>
        </div>
      )}
    </Popup>
  );
}
