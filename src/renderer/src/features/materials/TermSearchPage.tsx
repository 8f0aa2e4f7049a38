import { useQuery } from '@tanstack/react-query';
import { TERM_NOT_FOUND } from '@shared/contract/materials';
import { useSearchParams } from 'react-router';
import { ruMaterials } from '../../i18n/materials';
import { ApiError } from '../../lib/api-client';
import { Card, EmptyState, ErrorBox, Loader, SearchInput } from '../../ui';
import { materialsQueries } from './api';
import './materials.css';

const t = ruMaterials.terms;

/** Learning §2 'Materials': a term's definition by its name; the query lives in ?q= so a reload shows the same result. */
export function TermSearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 100);

  const search = (text: string) => {
    const next = text.trim();
    if (next === query) return;
    setParams(next === '' ? {} : { q: next }, { replace: true });
  };

  return (
    <section className="screen terms" aria-labelledby="terms-title">
      <h1 id="terms-title">{t.title}</h1>
      <SearchInput
        className="terms__input"
        defaultValue={query}
        onSearch={search}
        label={t.label}
        placeholder={t.placeholder}
        maxLength={100}
        autoFocus
      />
      <div className="terms__result" aria-live="polite">
        {query === '' ? <p className="muted">{t.hint}</p> : <TermResult query={query} />}
      </div>
    </section>
  );
}

function TermResult({ query }: { query: string }) {
  const term = useQuery(materialsQueries.term(query));
  if (term.isPending) return <Loader />;
  if (term.isError) {
    const error = term.error;
    // The server's '0' 'Определение не найдено' is the empty state; any other failure is an error.
    if (error instanceof ApiError && error.kind === 'failure' && error.message === TERM_NOT_FOUND) return <EmptyState text={t.notFound} />;
    return <ErrorBox message={t.error(error.message)} onRetry={() => void term.refetch()} />;
  }
  const { terminName, definition, lessonNum, chapter } = term.data;
  return (
    <Card as="article" className="terms__card" title={terminName}>
      <p className="terms__definition">{definition}</p>
      <p className="terms__meta muted small">
        <span className="terms__tag">{t.lesson(lessonNum)}</span>
        <span className="terms__tag">{chapter}</span>
      </p>
    </Card>
  );
}
