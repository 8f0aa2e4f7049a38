import { useQuery } from '@tanstack/react-query';
import type { Fragment } from '@shared/contract/video';
import { useSearchParams } from 'react-router';
import { ruVideoLesson } from '../../i18n/video';
import { EmptyState, ErrorBox, Loader, SearchInput } from '../../ui';
import { formatTime } from '../../ui/video/format-time';
import { materialsQueries } from './api';
import { FragmentPopup } from './FragmentPopup';
import './materials.css';

const t = ruVideoLesson.search;

/** Learning §2 'Materials' video search: fragments by tag (?search=…), a fragment's looping player (?timecodeId=…). */
export function VideoSearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('search') ?? '').trim().slice(0, 100);
  const rawId = params.get('timecodeId') ?? '';
  const timecodeId = /^\d{1,9}$/.test(rawId) && Number(rawId) > 0 ? Number(rawId) : null;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const search = (text: string) => {
    if (text.trim() !== query) update({ search: text.trim() });
  };

  return (
    <section className="screen terms video-search" aria-labelledby="video-search-title">
      <h1 id="video-search-title">{t.title}</h1>
      <SearchInput className="terms__input" defaultValue={query} onSearch={search} label={t.label} placeholder={t.placeholder} maxLength={100} autoFocus />
      <div aria-live="polite">{query === '' ? <p className="muted">{t.hint}</p> : <SearchResults query={query} onOpen={(id) => update({ timecodeId: String(id) })} />}</div>
      {timecodeId !== null && <FragmentPopup timecodeId={timecodeId} onClose={() => update({ timecodeId: null })} />}
    </section>
  );
}

function SearchResults({ query, onOpen }: { query: string; onOpen: (timecodeId: number) => void }) {
  const results = useQuery(materialsQueries.fragments(query));
  if (results.isPending) return <Loader />;
  if (results.isError) return <ErrorBox message={t.error(results.error.message)} onRetry={() => void results.refetch()} />;
  if (results.data.timecodes.length === 0) return <EmptyState text={t.empty} />;
  return (
    <ul className="video-search__results">
      {results.data.timecodes.map((fragment) => (
        <li key={fragment.timecodeId}>
          <FragmentCard fragment={fragment} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function FragmentCard({ fragment, onOpen }: { fragment: Fragment; onOpen: (timecodeId: number) => void }) {
  return (
    <button type="button" className="video-search__card" onClick={() => onOpen(fragment.timecodeId)} aria-label={t.open(fragment.tag)}>
      <span className="video-search__tag">#{fragment.tag}</span>
      <span className="video-search__lesson">{t.lesson(fragment.videoLessonNum, fragment.videoShownName)}</span>
      <span className="video-search__meta muted small">
        <span>
          {t.duration}: {formatTime(fragment.duration)}
        </span>
        <span>{t.id(fragment.timecodeId)}</span>
      </span>
    </button>
  );
}
