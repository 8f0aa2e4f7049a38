import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RANDOM_SET } from '@shared/contract/train-signs';
import { ruTrainSigns } from '../../i18n/train-signs';
import { Button, Card, ErrorBox, Loader, QueryState, Select } from '../../ui';
import { messageOf } from '../../lib/error-text';
import { trainSignsQueries } from './api';

const t = ruTrainSigns;
export interface SelectViewProps {
  onStart: (type: string) => void;
  busy: boolean;
  error: string | null;
}

/** SELECT: the statistics and the two ways to train — random terms or one chapter. */
export function SelectView({ onStart, busy, error }: SelectViewProps) {
  const info = useQuery(trainSignsQueries.info());
  const lists = useQuery(trainSignsQueries.lists());
  const [chapter, setChapter] = useState<string | null>(null);
  const chapters = lists.data?.razdelNames ?? [];
  const chosen = chapter !== null && chapters.includes(chapter) ? chapter : null;

  const stats = info.data
    ? [
        { key: 'available', label: t.stats.available, value: info.data.info.countAvailableTermins },
        { key: 'answers', label: t.stats.answers, value: info.data.info.countAnswers },
        { key: 'unique', label: t.stats.unique, value: info.data.info.countUniqueAnswers },
        { key: 'incorrect', label: t.stats.incorrect, value: info.data.info.countIncorrectUniqueAnswers, hint: t.stats.incorrectHint },
      ]
    : [];

  return (
    <>
      <p className="muted trs__intro">{t.intro}</p>
      <Card title={t.stats.title} className="trs__stats">
        <QueryState query={info} errorText={(error) => messageOf(error)} errorTitle={t.loadError} retryLabel={t.retry} loading={<Loader size="sm" />}>
          {() => (
            <dl className="trs__stats-list" data-testid="trs-stats">
              {stats.map((item) => (
                <div key={item.key}>
                  <dt>{item.label}</dt>
                  <dd data-testid={`trs-${item.key}`}>{item.value}</dd>
                  {item.hint && <dd className="trs__hint">{item.hint}</dd>}
                </div>
              ))}
            </dl>
          )}
        </QueryState>
      </Card>
      {error && <ErrorBox message={error} />}
      <div className="trs__modes">
        <Card title={t.random.title} className="trs__mode" data-testid="trs-random">
          <p className="muted">{t.random.text}</p>
          <Button onClick={() => onStart(RANDOM_SET)} disabled={busy}>
            {t.random.start}
          </Button>
        </Card>
        <Card title={t.byChapter.title} className="trs__mode" data-testid="trs-by-chapter">
          <p className="muted">{t.byChapter.text}</p>
          <QueryState query={lists} errorText={(error) => messageOf(error)} errorTitle={t.loadError} retryLabel={t.retry} loading={<Loader size="sm" />} empty={() => chapters.length === 0 && t.noChapters} emptyCompact>
            {() => (
              <>
                <Select label={t.byChapter.label} placeholder={t.byChapter.placeholder} options={chapters.map((name) => ({ value: name, label: name }))} value={chosen} onChange={setChapter} />
                <Button onClick={() => chosen && onStart(chosen)} disabled={busy || chosen === null}>
                  {t.byChapter.start}
                </Button>
              </>
            )}
          </QueryState>
        </Card>
      </div>
    </>
  );
}
