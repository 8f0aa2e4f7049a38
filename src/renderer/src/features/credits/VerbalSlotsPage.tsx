import { useQuery } from '@tanstack/react-query';
import { addVerbalSlots, deleteVerbalSlot } from '@shared/contract/credits';
import { moscowDateKey } from '@shared/domain/moscow-time';
import { useId, useState } from 'react';
import { ruVerbalSlots } from '../../i18n/verbal-booking';
import { api } from '../../lib/api';
import { Button, Card, ConfirmPopup, Loader, QueryState } from '../../ui';
import { creditsQueries } from './api';
import './verbal-booking.css';
import { messageOf } from '../../lib/error-text';

const t = ruVerbalSlots;
/** Half-hour steps of a working day. */
const TIMES = Array.from({ length: 27 }, (_, index) => {
  const minutes = 9 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** A curator publishes the times students book oral credits on (our addition to the back office). */
export function VerbalSlotsPage() {
  const slots = useQuery(creditsQueries.verbalSlots());
  const [date, setDate] = useState(() => moscowDateKey(Date.now() + 24 * 3600_000));
  const [picked, setPicked] = useState<string[]>([]);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<{ slotId: number; date: string; time: string } | null>(null);
  const dateId = useId();

  const publish = async () => {
    if (picked.length === 0) return setStatus({ text: t.pickTimes, error: true });
    setSaving(true);
    try {
      const { added } = await api.call(addVerbalSlots, { date, times: picked }, { handleErrors: true });
      setStatus({ text: t.added(added), error: false });
      setPicked([]);
      await slots.refetch();
    } catch (failure) {
      setStatus({ text: t.saveError(messageOf(failure)), error: true });
    }
    setSaving(false);
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await api.call(deleteVerbalSlot, { slotId: removing.slotId }, { handleErrors: true });
      setStatus(null);
    } catch (failure) {
      setStatus({ text: t.saveError(messageOf(failure)), error: true });
    }
    setRemoving(null);
    await slots.refetch();
  };

  const byDate = new Map<string, NonNullable<typeof slots.data>['slots']>();
  for (const slot of slots.data?.slots ?? []) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);

  return (
    <section className="screen vbook" aria-labelledby="vslots-title">
      <h1 id="vslots-title" className="vbook__title">
        {t.title}
      </h1>
      <p className="vbook__hint">{t.intro}</p>
      <Card title={t.addTitle}>
        <div className="vbook__stack">
          <label className="ui-field__label" htmlFor={dateId}>
            {t.date}
          </label>
          <input id={dateId} type="date" className="vbook__date" value={date} min={moscowDateKey(Date.now())} onChange={(event) => setDate(event.target.value)} />
          <div className="vbook__times" role="group" aria-label={t.times}>
            {TIMES.map((time) => (
              <button
                key={time}
                type="button"
                className="vbook__time"
                aria-pressed={picked.includes(time)}
                onClick={() => setPicked((current) => (current.includes(time) ? current.filter((item) => item !== time) : [...current, time].sort()))}
              >
                {time}
              </button>
            ))}
          </div>
          {status && (
            <p className={status.error ? 'vbook__error' : 'vbook__hint'} role={status.error ? 'alert' : 'status'}>
              {status.text}
            </p>
          )}
          <Button onClick={() => void publish()} disabled={saving || !date}>
            {t.publish}
          </Button>
        </div>
      </Card>
      <Card title={t.listTitle}>
        <QueryState query={slots} errorText={(error) => t.loadError(messageOf(error))} retryLabel={t.retry} loading={<Loader size="sm" />} empty={() => byDate.size === 0 && t.empty} emptyCompact>
          {() => (
            <div className="vbook__days">
              {[...byDate].map(([day, items]) => (
                <section key={day} aria-label={day}>
                  <h3 className="vbook__subtitle">{day}</h3>
                  <ul className="vbook__slot-list">
                    {items.map((slot) => (
                      <li key={slot.slotId} className="vbook__slot">
                        <span className="vbook__slot-time">{slot.time.slice(0, 5)}</span>
                        <span className={slot.studentName ? '' : 'vbook__hint'}>
                          {slot.studentName ? `${slot.studentName}${slot.zachetNumber ? `, ${t.credit(slot.zachetNumber)}` : ''}` : t.free}
                        </span>
                        {!slot.studentName && (
                          <Button variant="ghost" size="sm" onClick={() => setRemoving({ slotId: slot.slotId, date: slot.date, time: slot.time.slice(0, 5) })}>
                            {t.remove}
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </QueryState>
      </Card>
      <ConfirmPopup
        open={removing !== null}
        title={t.removeTitle}
        text={removing ? t.removeText(removing.date, removing.time) : ''}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
        danger
      />
    </section>
  );
}
