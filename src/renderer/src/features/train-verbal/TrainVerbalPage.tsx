import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getVerbalQuestion, type VerbalQuestion } from '@shared/contract/train-verbal';
import { ruTrainVerbal } from '../../i18n/train-verbal';
import { api } from '../../lib/api';
import { Accordion, Button, Card, EmptyState, ErrorBox, Loader, QueryState, Select, Switch } from '../../ui';
import { trainVerbalQueries } from './api';
import { choiceType, readChoice, writeChoice, type SetKind, type VerbalChoice } from './choice';
import { TestView } from './TestView';
import './train-verbal.css';
import { messageOf } from '../../lib/error-text';

const t = ruTrainVerbal;
/**
 * Oral credit trainer (learning-area 'Oral credit trainer', §4 'Oral trainer'): choice (set, 90+,
 * statistics, the set's questions) → test (answer, then mine beside the right one) → next or back.
 */
export function TrainVerbalPage() {
  const [choice, setChoice] = useState<VerbalChoice>(readChoice);
  const [question, setQuestion] = useState<VerbalQuestion | null>(null);
  const [testing, setTesting] = useState(false);
  const [drawError, setDrawError] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const type = choiceType(choice);
  const with90Plus = choice.with90Plus ? '1' : '0';

  const lists = useQuery(trainVerbalQueries.lists());
  const info = useQuery(trainVerbalQueries.info(type));
  const questions = useQuery(trainVerbalQueries.questions(type, with90Plus));

  const change = (next: VerbalChoice) => {
    setChoice(next);
    writeChoice(next);
    setEmpty(false);
  };

  const draw = async () => {
    if (!type) return;
    setDrawing(true);
    setDrawError(null);
    try {
      const next = await api.call(getVerbalQuestion, { type, with90Plus }, { handleErrors: true });
      setQuestion(next.question);
      setEmpty(next.question === null);
      setTesting(next.question !== null);
    } catch (failure) {
      setDrawError(t.questionError(messageOf(failure)));
    }
    setDrawing(false);
  };

  const backToChoice = () => {
    setTesting(false);
    setQuestion(null);
    void info.refetch();
  };

  if (testing && question) {
    return (
      <section className="screen trv" aria-labelledby="trv-title">
        <h1 id="trv-title" className="trv__title">
          {t.title}
        </h1>
        {drawError && <ErrorBox message={drawError} />}
        <TestView key={question.questionId} question={question} onNext={() => void draw()} onBack={backToChoice} busy={drawing} />
      </section>
    );
  }

  const valueOptions =
    choice.kind === 'zachet'
      ? (lists.data?.availableZachetNums ?? []).map((n) => ({ value: String(n), label: t.zachet(n) }))
      : choice.kind === 'lesson'
        ? (lists.data?.availableLessonNums ?? []).map((n) => ({ value: String(n), label: t.lesson(n) }))
        : choice.kind === 'razdel'
          ? (lists.data?.razdelNames ?? []).map((name) => ({ value: name, label: name }))
          : [];
  const counts = info.data ? (choice.with90Plus ? [info.data.ninetyMinus, info.data.ninetyPlus] : [info.data.ninetyMinus]) : [];
  const sum = (key: 'countQuestions' | 'countAskedQuestions' | 'countUniqueQuestions') => counts.reduce((total, part) => total + part[key], 0);

  return (
    <section className="screen trv" aria-labelledby="trv-title">
      <h1 id="trv-title" className="trv__title">
        {t.title}
      </h1>
      <QueryState query={lists} errorText={(error) => t.listsError(messageOf(error))} retryLabel={t.retry}>
        {() => (
          <Card className="trv__choice">
            <div className="trv__form">
              <Select
                label={t.setLabel}
                options={(['all', 'zachet', 'lesson', 'razdel'] as const).map((kind) => ({ value: kind, label: t.kinds[kind] }))}
                value={choice.kind}
                onChange={(kind: SetKind) => change({ ...choice, kind, value: '' })}
              />
              {choice.kind !== 'all' && (
                <Select label={t.valueLabel} options={valueOptions} value={choice.value || null} placeholder={t.chooseValue} onChange={(value) => change({ ...choice, value })} />
              )}
              <Switch checked={choice.with90Plus} onChange={(next) => change({ ...choice, with90Plus: next })} label={t.plus90} />
              <Button onClick={() => void draw()} disabled={type === null || drawing}>
                {t.start}
              </Button>
            </div>
            {drawError && <ErrorBox message={drawError} />}
            {empty && <EmptyState text={t.noQuestions} compact />}
          </Card>
        )}
      </QueryState>
      {type !== null && (
        <Card title={t.stats.title} className="trv__stats">
          <QueryState query={info} errorText={(error) => t.infoError(messageOf(error))} retryLabel={t.retry} loading={<Loader size="sm" />}>
            {() => (
              <dl className="trv__stats-list">
                <div>
                  <dt>{t.stats.total}</dt>
                  <dd data-testid="trv-total">{sum('countQuestions')}</dd>
                </div>
                <div>
                  <dt>{t.stats.solved}</dt>
                  <dd data-testid="trv-solved">{sum('countAskedQuestions')}</dd>
                </div>
                <div>
                  <dt>{t.stats.unique}</dt>
                  <dd data-testid="trv-unique">{sum('countUniqueQuestions')}</dd>
                </div>
              </dl>
            )}
          </QueryState>
        </Card>
      )}
      {type !== null && (
        <section className="trv__list" aria-labelledby="trv-list-title">
          <h2 id="trv-list-title" className="trv__subtitle">
            {t.listTitle}
          </h2>
          <QueryState
            query={questions}
            errorText={(error) => t.questionsError(messageOf(error))}
            retryLabel={t.retry}
            loading={<Loader size="sm" />}
            empty={(data) => data.questions.length === 0 && t.noQuestions}
            emptyCompact
          >
            {(data) =>
              data.questions.map((item) => (
                <Accordion key={item.questionId} title={item.question} summary={item['90plus'] === '1' ? t.badge90 : undefined} headingLevel={3}>
                  <p className="trv__answer-text">{item.answer}</p>
                </Accordion>
              ))
            }
          </QueryState>
        </section>
      )}
    </section>
  );
}
