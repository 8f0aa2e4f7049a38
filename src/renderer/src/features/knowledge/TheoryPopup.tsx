import { useQuery } from '@tanstack/react-query';
import { ruKnowledge } from '../../i18n/knowledge';
import { liveErrorText } from '../../lib/live-request';
import { Loader, Popup, QueryState } from '../../ui';
import { knowledgeQueries } from './api';
import { Markdown } from './Markdown';
import './knowledge.css';

const t = ruKnowledge;

/** The published theory of a chunk; also opened by the assistant's citations (`rootClassName` lifts it over the chat panel). */
export function TheoryPopup({ chunkId, onClose, rootClassName }: { chunkId: number | null; onClose: () => void; rootClassName?: string }) {
  const theory = useQuery(knowledgeQueries.theory(chunkId));
  return (
    <Popup open={chunkId !== null} onClose={onClose} title={theory.data?.theory.name || t.theory.title} size="lg" className="kb-theory-popup" rootClassName={rootClassName}>
      <QueryState query={theory} errorText={(error) => t.map.error(liveErrorText(error))} loading={<Loader label={t.theory.loading} />} empty={(data) => data.theory.markdownText.trim() === '' && t.theory.empty} emptyCompact>
        {(data) => (
          <Markdown text={data.theory.markdownText} />
        )}
      </QueryState>
    </Popup>
  );
}
