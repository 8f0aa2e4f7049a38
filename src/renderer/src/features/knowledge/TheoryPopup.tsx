import { useQuery } from '@tanstack/react-query';
import { getTheoryChunk } from '@shared/contract/knowledge';
import { ruKnowledge } from '../../i18n/knowledge';
import { liveErrorText, liveRequest, retryLive } from '../../lib/live-request';
import { EmptyState, ErrorBox, Loader, Popup } from '../../ui';
import { Markdown } from './Markdown';
import './knowledge.css';

const t = ruKnowledge;

/** The published theory of a chunk; also opened by the assistant's citations. */
export function TheoryPopup({ chunkId, onClose }: { chunkId: number | null; onClose: () => void }) {
  const theory = useQuery({
    queryKey: ['knowledge', 'theory', chunkId],
    queryFn: () => liveRequest(getTheoryChunk, { chunkId: chunkId! }),
    enabled: chunkId !== null,
    retry: retryLive,
  });
  return (
    <Popup open={chunkId !== null} onClose={onClose} title={theory.data?.theory.name || t.theory.title} size="lg" className="kb-theory-popup">
      {theory.isPending ? (
        <Loader label={t.theory.loading} />
      ) : theory.isError ? (
        <ErrorBox message={t.map.error(liveErrorText(theory.error))} onRetry={() => void theory.refetch()} />
      ) : theory.data.theory.markdownText.trim() === '' ? (
        <EmptyState text={t.theory.empty} compact />
      ) : (
        <Markdown text={theory.data.theory.markdownText} />
      )}
    </Popup>
  );
}
