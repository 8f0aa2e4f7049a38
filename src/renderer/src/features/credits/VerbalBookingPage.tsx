import { useQuery } from '@tanstack/react-query';
import { verbalZachetZapis } from '@shared/contract/credits';
import { useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/route-names';
import { ruVerbalBooking } from '../../i18n/verbal-booking';
import { api } from '../../lib/api';
import { Button, buttonClassName, Card, ConfirmPopup, EmptyState, ErrorBox, IconChevronLeft, QueryState, Select } from '../../ui';
import { creditsQueries } from './api';
import './verbal-booking.css';
import { messageOf } from '../../lib/error-text';

const t = ruVerbalBooking;
/** '16:00:00' → '16:00'. */
const shortTime = (time: string) => time.slice(0, 5);

/**
 * Oral credit booking (/study/zachet_zapis?zachet_num, learning-area §2): the credit's result and the
 * curator's times; pick a day and a time, confirm. Without the query it goes to /study/.
 */
export function VerbalBookingPage() {
  const [params] = useSearchParams();
  const raw = params.get('zachet_num') ?? '';
  const num = /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  if (num === null) return <Navigate to="/" replace />;
  return <Booking num={num} />;
}

function Booking({ num }: { num: number }) {
  const info = useQuery(creditsQueries.verbalBooking(num));
  const [date, setDate] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const dates = useMemo(() => info.data?.dates ?? [], [info.data]);
  const days = useMemo(() => [...new Set(dates.map((slot) => slot.date))], [dates]);
  const mine = dates.find((slot) => slot.availability === 'me');
  const day = date ?? mine?.date ?? days[0] ?? null;
  const chosen = dates.find((slot) => slot.choiceDateTime === choice);

  const book = async () => {
    if (!chosen) return;
    setError(null);
    try {
      await api.call(verbalZachetZapis, { zachetNumber: num, choiceDateTime: chosen.choiceDateTime }, { handleErrors: true });
      setSaved(true);
      setChoice(null);
    } catch (failure) {
      setError(t.bookError(messageOf(failure)));
    }
    setConfirming(false);
    await info.refetch();
  };

  const data = info.data;
  return (
    <section className="screen vbook" aria-labelledby="vbook-title">
      <Link to={data ? paths.lesson(data.zachetInfo.lessonNum) : paths.roadmap()} className={buttonClassName('ghost', { size: 'sm' })}>
        <IconChevronLeft size={16} />
        {t.back}
      </Link>
      <h1 id="vbook-title" className="vbook__title">
        {t.title(num)}
      </h1>
      <QueryState query={info} errorText={(error) => t.loadError(messageOf(error))} retryLabel={t.retry}>
        {() => (
          <>
            <Card title={t.about}>
              <dl className="vbook__facts">
                <dt>{t.lessons}</dt>
                <dd>{data!.zachetInfo.lessonNumbers.split(',').join(', ')}</dd>
                <dt>{t.curator}</dt>
                <dd>{data!.zachetInfo.curatorName || t.noCurator}</dd>
                <dt>{t.status}</dt>
                <dd data-testid="vbook-status">{data!.zachetInfo.zachetTaken === '1' ? t.taken : t.notTaken}</dd>
                <dt>{t.grade}</dt>
                <dd>{data!.zachetInfo.zachOcenka || t.noGrade}</dd>
              </dl>
              {data!.zachetInfo.zachComment && (
                <div className="vbook__comment">
                  <h3 className="vbook__subtitle">{t.comment}</h3>
                  {/* Sanitised on the server (src/shared/domain/safe-html.ts): bare formatting tags only. */}
                  <div dangerouslySetInnerHTML={{ __html: data!.zachetInfo.zachComment }} />
                </div>
              )}
            </Card>
            <Card title={t.times}>
              <div className="vbook__stack">
                {mine && (
                  <p className="vbook__booked" role="status" data-testid="vbook-booked">
                    {t.booked(mine.date, shortTime(mine.time))}
                  </p>
                )}
                {saved && !error && <p className="vbook__hint">{t.success}</p>}
                {error && <ErrorBox message={error} />}
                {data!.zachetInfo.zachetTaken === '1' ? (
                  <p>{t.passed}</p>
                ) : dates.length === 0 ? (
                  <EmptyState text={t.noTimes} compact />
                ) : (
                  <>
                    <p className="vbook__hint">{t.timesHint}</p>
                    <Select label={t.date} options={days.map((value) => ({ value, label: value }))} value={day} placeholder={t.chooseDate} onChange={(value) => { setDate(value); setChoice(null); }} />
                    <div className="vbook__times" role="group" aria-label={t.times}>
                      {dates
                        .filter((slot) => slot.date === day)
                        .map((slot) => (
                          <button
                            key={slot.choiceDateTime}
                            type="button"
                            className={`vbook__time vbook__time--${slot.availability === 'me' ? 'me' : slot.availability === '1' ? 'free' : 'taken'}`}
                            aria-pressed={choice === slot.choiceDateTime}
                            disabled={slot.availability !== '1'}
                            onClick={() => setChoice(slot.choiceDateTime)}
                          >
                            {shortTime(slot.time)}
                            {slot.availability === '0' && <span className="vbook__time-note"> · {t.taken0}</span>}
                          </button>
                        ))}
                    </div>
                    <Button onClick={() => setConfirming(true)} disabled={!chosen}>
                      {t.book}
                    </Button>
                  </>
                )}
              </div>
            </Card>
          </>
        )}
      </QueryState>
      <ConfirmPopup
        open={confirming && chosen !== undefined}
        title={t.confirmTitle}
        text={chosen ? t.confirmText(chosen.date, shortTime(chosen.time)) : ''}
        onConfirm={book}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
