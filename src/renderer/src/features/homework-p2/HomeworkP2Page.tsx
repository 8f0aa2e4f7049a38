import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getHtP2Camel } from '@shared/contract/homework-p2';
import { useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/route-names';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { buttonClassName, ErrorBox, IconChevronLeft, Loader } from '../../ui';
import { AnswerForm, type TimeUpState } from './AnswerForm';
import { Countdown } from './Countdown';
import { InfoCard } from './InfoCard';
import { P2ConflictView } from './offline/P2ConflictView';
import { useP2Conflicts } from './offline/use-p2-outbox';
import { claimStoredTab, homeworkKey } from './p2-storage';
import { ReadOnlyView } from './ReadOnlyView';
import { ResultsView } from './ResultsView';
import { SelfCheckView } from './SelfCheckView';
import { type StartState, StartView } from './StartView';
import { useP2Timer } from './use-p2-timer';
import '../../ui/field.css';
import '../../questions/questions.css';
import './homework-p2.css';

/** Homework part 2, /study/ht_p2?dz_num&dop (learning §2 'Homework part 2'). */
export function HomeworkP2Page() {
  const [params] = useSearchParams();
  const rawNum = params.get('dz_num');
  if (rawNum === null) return <Navigate to="/" replace />;
  return <HomeworkP2Screen rawNum={rawNum} dop={params.get('dop') && params.get('dop') !== '0' ? '1' : '0'} />;
}

function HomeworkP2Screen({ rawNum, dop }: { rawNum: string; dop: '0' | '1' }) {
  const htNum = Number(rawNum);
  const valid = /^\d+$/.test(rawNum) && htNum >= 1;
  const storageKey = homeworkKey(htNum, dop);
  // One tab id per homework, kept across reloads (learning §9).
  const tab = useMemo(() => claimStoredTab(storageKey), [storageKey]);

  const client = useQueryClient();
  const queryKey = ['htP2', htNum, dop, tab];
  const work = useQuery({
    queryKey,
    // Opening never starts a timed work: the server answers '' until «Начать» (startButtonPressed '1').
    queryFn: ({ signal }) => api.call(getHtP2Camel, { htNum, markSave: tab, isDopPart: dop, startButtonPressed: '0' }, { handleErrors: true, signal }),
    enabled: valid,
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const data = work.data;
  const reload = () => void work.refetch();
  const status = data?.htStatusP2;
  const mistakeWork = data?.htInfo.mistakeWorkP2 === '1';
  const lesson = data?.htInfo.lessonNum;
  // Timer and its sync run only while the work is in progress (learning §9).
  const seconds = useP2Timer(htNum, status === 'Выполняется' ? (data?.htInfo.timer ?? null) : null, work.dataUpdatedAt);
  // Answers typed offline that the server refused meanwhile: shown first, the form waits for the choice.
  const offline = useP2Conflicts(htNum, dop);
  const conflict = offline.conflicts[0];
  // At zero the form saves and submits once; the notice stays across the reload that follows.
  const [timeUp, setTimeUp] = useState<TimeUpState | null>(null);

  // «Начать»: the server starts the clock and answers the work in progress, shown at once.
  const [start, setStart] = useState<StartState>({ kind: 'idle' });
  const begin = async () => {
    if (start.kind === 'starting') return;
    setStart({ kind: 'starting' });
    try {
      const next = await api.call(getHtP2Camel, { htNum, markSave: tab, isDopPart: dop, startButtonPressed: '1' }, { handleErrors: true });
      client.setQueryData(queryKey, next);
      setStart({ kind: 'idle' });
    } catch (caught) {
      setStart({ kind: 'refused', message: caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.loadError + (caught instanceof Error ? caught.message : String(caught)) });
    }
  };

  return (
    <section className="screen ht-p1 p2" aria-labelledby="p2-title">
      <div className="ht-p1__head">
        <Link to={lesson ? paths.lesson(lesson) : paths.roadmap()} className={buttonClassName('ghost', { size: 'sm' })} data-testid="p2-back">
          <IconChevronLeft />
          {t.back}
        </Link>
        <div className="p2-titles">
          <h1 id="p2-title" className="ht-p1__title">
            {t.title(valid ? htNum : rawNum)}
          </h1>
          {mistakeWork && (
            <p className="p2-subtitle-line" data-testid="p2-mistake-subtitle">
              {t.mistakeWork}
            </p>
          )}
        </div>
        {status === 'Выполняется' && data ? <Countdown deadline={data.htInfo.htDeadline} seconds={seconds} /> : null}
      </div>
      {!valid ? (
        <ErrorBox message={t.badLink} />
      ) : work.isPending ? (
        <Loader />
      ) : work.isError && !data ? (
        <ErrorBox message={work.error instanceof ApiError && work.error.kind === 'failure' ? work.error.message : t.loadError + work.error.message} onRetry={reload} />
      ) : data ? (
        <>
          <InfoCard status={data.htStatusP2} info={data.htInfo} />
          {dop === '1' && <p className="p2-note">{t.optionalHint}</p>}
          {timeUp && (
            <p className="p2-note p2-note--accent" role="status" data-testid="p2-time-up">
              {timeUpText(timeUp)}
            </p>
          )}
          {status === 'Апелляция' && (
            <p className="p2-note p2-note--accent" data-testid="p2-appeal">
              {t.appeal}
            </p>
          )}
          {conflict && (
            <P2ConflictView
              key={`${conflict.htNum}:${conflict.dop}:${conflict.message}:${conflict.status}`}
              conflict={conflict}
              onResolved={() => {
                void offline.refresh();
                reload();
              }}
            />
          )}
          {conflict || !offline.loaded ? null : status === '' ? (
            <StartView minutes={data.htInfo.timeLimitMin ?? 0} start={start} onStart={() => void begin()} />
          ) : data.questions.length === 0 ? (
            <p className="p2-muted">{t.noQuestions}</p>
          ) : status === 'Выполняется' ? (
            <AnswerForm
              key={work.dataUpdatedAt}
              htNum={htNum}
              dop={dop}
              tab={tab}
              storageKey={storageKey}
              mistakeWork={mistakeWork}
              questions={data.questions}
              onSubmitted={reload}
              timed={data.htInfo.timer !== null}
              timeUp={seconds === 0}
              finishNow={seconds === 0 && timeUp === null}
              onTimeUp={(state) => {
                setTimeUp(state);
                if (state.kind !== 'sending') reload();
              }}
            />
          ) : status === 'Готово' ? (
            <ReadOnlyView questions={data.questions} />
          ) : status === 'Самопров' ? (
            <SelfCheckView htNum={htNum} questions={data.questions} onReload={reload} />
          ) : (
            <ResultsView htNum={htNum} dop={dop} status={data.htStatusP2} points={data.htInfo.htUserBallovP2} maxPoints={data.htInfo.htUserMaxballovP2} checker={data.htInfo.htUserChecker} checkerName={data.htInfo.htUserCheckerName} mistakeWorkAvailable={data.htInfo.isAvailableMistakeWork === '1'} questions={data.questions} onReload={reload} />
          )}
        </>
      ) : null}
    </section>
  );
}

function timeUpText(state: TimeUpState): string {
  switch (state.kind) {
    case 'sending':
      return t.timeUpSending;
    case 'sent':
      return t.timeUpSent;
    case 'closed':
      return t.timeUpClosed;
    default:
      return t.timeUpFailed(state.message);
  }
}
