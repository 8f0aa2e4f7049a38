import { useQuery } from '@tanstack/react-query';
import { getQuestionsSet, getTrainP1Info, goToChoiseSet } from '@shared/contract/train-p1';
import { useState } from 'react';
import { ruTrainP1 } from '../../i18n/train-p1';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { Button, EmptyState, ErrorBox, Loader } from '../../ui';
import { ChoiceView } from './ChoiceView';
import { DecideView } from './DecideView';
import { choiceOfTest, choiceType, readChoice, type TrainChoice, writeChoice } from './logic';
import { ResultView } from './ResultView';
import '../../ui/field.css';
import '../../questions/questions.css';
import '../../questions/question-result.css';
import './train-p1.css';
import { messageOf } from '../../lib/error-text';

const t = ruTrainP1;

export const TRAIN_P1_INFO_KEY = ['trainP1Info'] as const;

/**
 * Training part 1 (learning §2 'Training part 1', §4): the server's status picks the view —
 * Выбор → choice, Выполняется → one question at a time, Результат → the last test's result;
 * a start that finds no questions shows the empty view (Отсутствуют).
 */
export function TrainP1Page() {
  const info = useQuery({
    queryKey: TRAIN_P1_INFO_KEY,
    queryFn: ({ signal }) => api.call(getTrainP1Info, {}, { handleErrors: true, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [choice, setChoice] = useState(readChoice);
  const [empty, setEmpty] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const reload = () => info.refetch();

  const changeChoice = (next: TrainChoice) => {
    setChoice(next);
    writeChoice(next);
  };

  const start = async (next: TrainChoice) => {
    const testingType = choiceType(next);
    if (!testingType || starting) return;
    changeChoice(next);
    setStarting(true);
    setStartError(null);
    try {
      const set = await api.call(getQuestionsSet, { testingType, includeSelfmade: next.includeSelfmade ? '1' : '0', include90Plus: next.include90Plus ? '1' : '0', qNums: next.qNums }, { handleErrors: true });
      if (set.status === 'Отсутствуют') setEmpty(true);
      await reload();
    } catch (failure) {
      setStartError(t.error(messageOf(failure)));
    }
    setStarting(false);
  };

  const backToChoice = async () => {
    await api.call(goToChoiseSet, {}, { handleErrors: true });
    await reload();
  };

  const data = info.data;
  return (
    <section className="screen trp1" aria-labelledby="trp1-title">
      <h1 id="trp1-title" className="trp1__title">
        {t.title}
      </h1>
      {info.isPending ? (
        <Loader />
      ) : info.isError && !data ? (
        <ErrorBox message={info.error instanceof ApiError && info.error.kind === 'failure' ? info.error.message : t.loadError} onRetry={() => void reload()} retryLabel={t.retry} />
      ) : !data ? null : empty && data.status === 'Выбор' ? (
        <EmptyState
          text={t.empty.text}
          action={
            <Button onClick={() => setEmpty(false)} data-testid="trp1-empty-finish" autoFocus>
              {t.empty.finish}
            </Button>
          }
        />
      ) : data.status === 'Выполняется' ? (
        <DecideView questions={data.questions} reload={reload} onLeave={backToChoice} />
      ) : data.status === 'Результат' && data.testInfo ? (
        <ResultView
          testInfo={data.testInfo}
          questions={data.questions}
          stats={data.stats}
          starting={starting}
          startError={startError}
          onAgain={() => {
            const again = choiceOfTest(data.testInfo!, choice);
            if (again) void start(again);
          }}
          onChoice={backToChoice}
        />
      ) : (
        <ChoiceView stats={data.stats} choice={choice} onChange={changeChoice} onStart={(next) => void start(next)} starting={starting} startError={startError} />
      )}
    </section>
  );
}
