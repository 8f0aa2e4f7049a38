import { useState } from 'react';
import { isoDateToRu } from '@shared/domain/moscow-time';
import { RATING_STATISTIC_MAX_DAYS } from '@shared/contract/rating';
import { ru } from '../../i18n/ru';
import { ruRating } from '../../i18n/rating';
import { Button, DateRangeCalendar, type DateRange, Popup, todayIso } from '../../ui';

const t = ruRating.chart;
const DAY_MS = 86_400_000;

export interface ChartPeriod {
  startDate: string;
  endDate: string;
}

/** Whole days from start to end, as the server's check counts them. */
const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);

/** A button with the chart's period that opens a range calendar; the new period applies on 'Применить'. */
export function PeriodPicker({ value, onChange }: { value: ChartPeriod; onChange: (period: ChartPeriod) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange>({ start: value.startDate, end: value.endDate });
  const today = todayIso();
  const tooLong = draft.start !== null && draft.end !== null && daysBetween(draft.start, draft.end) >= RATING_STATISTIC_MAX_DAYS;
  const complete = draft.start !== null && draft.end !== null;

  const show = () => {
    setDraft({ start: value.startDate, end: value.endDate });
    setOpen(true);
  };
  const apply = () => {
    if (!draft.start || !draft.end || tooLong) return;
    onChange({ startDate: draft.start, endDate: draft.end });
    setOpen(false);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={show} aria-label={`${t.choosePeriod}: ${isoDateToRu(value.startDate)} – ${isoDateToRu(value.endDate)}`}>
        {isoDateToRu(value.startDate)} – {isoDateToRu(value.endDate)}
      </Button>
      <Popup
        open={open}
        onClose={() => setOpen(false)}
        title={t.periodTitle}
        size="sm"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {ru.common.cancel}
            </Button>
            <Button onClick={apply} disabled={!complete || tooLong}>
              {t.apply}
            </Button>
          </>
        }
      >
        <DateRangeCalendar value={draft} onChange={setDraft} max={today} today={today} initialMonth={draft.end ?? undefined} />
        <p className={tooLong ? 'form__error' : 'muted small'} role={tooLong ? 'alert' : undefined}>
          {tooLong ? t.tooLong : !complete ? t.pickEnd : `${isoDateToRu(draft.start!)} – ${isoDateToRu(draft.end!)}`}
        </p>
      </Popup>
    </>
  );
}
