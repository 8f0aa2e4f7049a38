import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getHtP1Divided } from '@shared/contract/homework-p1';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/route-names';
import { ruHomeworkP1 } from '../../i18n/homework-p1';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { buttonClassName, ErrorBox, IconChevronLeft, LabelledTimer, Loader, TimedStartCard, type TimedStartState } from '../../ui';
import { formatTimer } from '../../questions/logic';
import { ResultView } from '../../questions/ResultView';
import { SolvingView } from './SolvingView';
import { usePartTimer } from './use-part-timer';
import '../../ui/field.css';
import '../../questions/questions.css';

const t = ruHomeworkP1.p1;

/** Homework part 1, route ht_p1/:htNum/:dop (learning §2 'Homework part 1'). */
export function HomeworkP1Page() {
  const params = useParams();
  const htNum = Number(params.htNum);
  const dop = params.dop === '1' ? '1' : '0';
  const valid = Number.isInteger(htNum) && htNum >= 1;

  const client = useQueryClient();
  const queryKey = ['htP1', htNum, dop];
  const part = useQuery({
    queryKey,
    // Opening never starts a timed part: the server answers '' until «Начать» (startButtonPressed '1').
    queryFn: ({ signal }) => api.call(getHtP1Divided, { htNum, isDopPart: dop, startButtonPressed: '0' }, { handleErrors: true, signal }),
    enabled: valid,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const data = part.data;
  const solving = data?.htStatusP1 === 'Выполняется';
  const reload = () => part.refetch();
  const left = usePartTimer(htNum, solving && dop === '0' ? (data?.htInfo.timer ?? null) : null, part.dataUpdatedAt, () => void part.refetch());

  // «Начать»: the server starts the clock and answers the part in progress, shown at once.
  const [start, setStart] = useState<TimedStartState>({ kind: 'idle' });
  const begin = async () => {
    if (start.kind === 'starting') return;
    setStart({ kind: 'starting' });
    try {
      client.setQueryData(queryKey, await api.call(getHtP1Divided, { htNum, isDopPart: dop, startButtonPressed: '1' }, { handleErrors: true }));
      setStart({ kind: 'idle' });
    } catch (caught) {
      setStart({ kind: 'refused', message: caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.loadError });
    }
  };

  const lesson = data?.htInfo.lesson_num;
  return (
    <section className="screen ht-p1" aria-labelledby="ht-p1-title">
      <div className="ht-p1__head">
        <Link to={lesson ? paths.lesson(lesson) : paths.roadmap()} className={buttonClassName('ghost', { size: 'sm' })} data-testid="ht-back">
          <IconChevronLeft />
          {t.back}
        </Link>
        <h1 id="ht-p1-title" className="ht-p1__title">
          {t.title(valid ? htNum : (params.htNum ?? ''), dop === '1')}
        </h1>
        {left !== null && (
          <LabelledTimer label={t.timer} className="ht-timer" data-testid="ht-timer">
            {formatTimer(left)}
          </LabelledTimer>
        )}
      </div>
      {!valid ? (
        <ErrorBox message={t.loadError} />
      ) : part.isPending ? (
        <Loader />
      ) : part.isError && !data ? (
        <ErrorBox message={part.error instanceof ApiError && part.error.kind === 'failure' ? part.error.message : t.loadError} onRetry={() => void reload()} />
      ) : data && data.htStatusP1 === '' ? (
        <TimedStartCard
          title={t.startTitle}
          length={t.startLength(Math.round((data.htInfo.timer ?? 0) / 60), data.htInfo.q_nums_p1)}
          warning={t.startWarning}
          hint={t.startHint}
          startLabel={t.start}
          start={start}
          onStart={() => void begin()}
          testIdPrefix="ht"
        />
      ) : data && solving ? (
        <SolvingView
          info={{ htNum, dop, now: data.htInfo.q_num_now_p1, last: data.htInfo.q_num_last_p1, total: data.htInfo.q_nums_p1 }}
          question={data.questions.find((row) => row.q_number === data.htInfo.q_num_now_p1) ?? data.questions[0]}
          reload={reload}
        />
      ) : data ? (
        <ResultView score={data.htInfo.user_ballov_p1 ?? 0} max={data.htInfo.maxballov_p1} questions={data.questions} />
      ) : null}
    </section>
  );
}
