import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CREDIT_TEXTS, getZachetAuto } from '@shared/contract/credits';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/route-names';
import { ruCredits } from '../../i18n/credits';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { buttonClassName, ErrorBox, IconChevronLeft, LabelledTimer, Loader } from '../../ui';
import { formatTimer } from '../../questions/logic';
import { CreditResultView } from './CreditResultView';
import { CreditSolvingView } from './CreditSolvingView';
import { CreditStartView } from './CreditStartView';
import { CreditConflictsView } from './offline/CreditConflictsView';
import { DRAFT_NAMES, dropUserDrafts } from '../../lib/drafts';
import { loadErrorText } from './logic';
import type { CreditData, StartState } from './types';
import { useCreditTimer } from './use-credit-timer';
import '../../ui/field.css';
import '../../questions/questions.css';
import './credits.css';

const t = ruCredits.auto;

/** Automatic credit, route autoTests /zachet_auto/:numberTest (learning §2, §4): start, solving, result. */
export function CreditAutoPage() {
  const params = useParams();
  const num = Number(params.numberTest);
  const valid = Number.isInteger(num) && num >= 1;
  const client = useQueryClient();
  const key = ['zachetAuto', num];

  const credit = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(getZachetAuto, { zachetNum: num, startButtonPressed: '0' }, { handleErrors: true, signal }),
    enabled: valid,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const data = credit.data;
  const reload = () => credit.refetch();
  const running = data?.zachetStatus === 'Проводится';
  const left = useCreditTimer(running ? data.zachetInfo.time_left : null, credit.dataUpdatedAt, () => void credit.refetch());

  // Start and retake are the same call with startButtonPressed '1'; its answer is the new state.
  const [start, setStart] = useState<StartState>({ kind: 'idle' });
  const begin = async () => {
    if (start.kind === 'starting') return;
    setStart({ kind: 'starting' });
    try {
      const next: CreditData = await api.call(getZachetAuto, { zachetNum: num, startButtonPressed: '1' }, { handleErrors: true });
      client.setQueryData(key, next);
      setStart({ kind: 'idle' });
    } catch (failure) {
      const message = failure instanceof ApiError && failure.kind === 'failure' ? failure.message : loadErrorText(failure);
      setStart({ kind: 'refused', message });
      // The refusal may follow a change elsewhere (passed on another device): show the fresh state.
      void credit.refetch();
    }
  };

  // A new view (started, finished, retaken) begins at the top, with focus on the title.
  const view = data ? `${data.zachetStatus}-${data.zachetInfo.zu_popitka}` : null;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef<string | null>(null);
  useEffect(() => {
    if (view === null) return;
    if (shownView.current !== null && shownView.current !== view) {
      window.scrollTo({ top: 0 });
      titleRef.current?.focus();
    }
    shownView.current = view;
  }, [view]);

  const finished = data?.zachetStatus === 'Сдан' || data?.zachetStatus === 'Несдан';
  useEffect(() => {
    if (!finished) return;
    // The typed answers only matter while an attempt runs.
    void dropUserDrafts(DRAFT_NAMES.creditPrefix(num));
  }, [finished, num]);

  const lesson = data ? data.zachetInfo.za_lesson_num : null;
  return (
    <section className="screen ht-p1 credit-auto" aria-labelledby="credit-title">
      <div className="ht-p1__head">
        <Link to={lesson ? paths.lesson(lesson) : paths.roadmap()} className={buttonClassName('ghost', { size: 'sm' })} data-testid="credit-back">
          <IconChevronLeft />
          {t.back}
        </Link>
        <h1 id="credit-title" className="ht-p1__title credit-auto__title" ref={titleRef} tabIndex={-1}>
          {t.title(valid ? num : (params.numberTest ?? ''))}
        </h1>
        {left !== null && (
          <LabelledTimer label={t.timer} className="ht-timer" data-testid="credit-timer">
            {formatTimer(left)}
          </LabelledTimer>
        )}
      </div>
      {valid && <CreditConflictsView zachetNum={num} />}
      {!valid ? (
        <ErrorBox message={t.loadError(CREDIT_TEXTS.notFound)} />
      ) : credit.isPending ? (
        <Loader />
      ) : credit.isError && !data ? (
        <ErrorBox message={loadErrorText(credit.error)} onRetry={() => void reload()} />
      ) : !data ? null : data.zachetStatus === 'Новый' ? (
        <CreditStartView info={data.zachetInfo} start={start} onStart={() => void begin()} />
      ) : running ? (
        <CreditSolvingView key={data.zachetInfo.zu_popitka} num={num} data={data} timeUp={left === 0} reload={reload} />
      ) : (
        <CreditResultView status={data.zachetStatus} info={data.zachetInfo} questions={data.questions} start={start} onRetake={() => void begin()} />
      )}
    </section>
  );
}
