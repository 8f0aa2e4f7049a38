import { queryOptions } from '@tanstack/react-query';
import {
  type ChunkFilter,
  getChunks,
  getKnowledgeChunk,
  getKnowledgeGrid,
  getKnowledgeQuestions,
  getQuestionsForChunk,
  getTheoryChunk,
  type MapType,
} from '@shared/contract/knowledge';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'knowledge';

/** Prefixes that refresh a group of queries at once (invalidateQueries takes any of them). */
export const knowledgeKeys = {
  /** Everything of the knowledge base: a finished test changes the map, the cells and the test. */
  all: [ROOT] as const,
  /** Every page of the admin's chunk list. */
  chunkLists: [ROOT, 'chunks'] as const,
  /** Every chunk's linked questions. */
  chunkQuestions: [ROOT, 'questions'] as const,
};

/** The knowledge base's queries (live calls), each key written once. */
export const knowledgeQueries = {
  /** The student's knowledge map of one kind (90+ or 90-). */
  grid: (mapType: MapType) => queryOptions({ queryKey: [ROOT, 'grid', mapType], queryFn: () => liveRequest(getKnowledgeGrid, { mapType }), retry: retryLive }),
  /** One cell of the map; waits until a cell is open. */
  chunk: (chunkId: number | null) =>
    queryOptions({ queryKey: [ROOT, 'chunk', chunkId], queryFn: () => liveRequest(getKnowledgeChunk, { chunkId: chunkId! }), enabled: chunkId !== null, retry: retryLive }),
  /** A chunk's published theory; waits until one is open. */
  theory: (chunkId: number | null) =>
    queryOptions({ queryKey: [ROOT, 'theory', chunkId], queryFn: () => liveRequest(getTheoryChunk, { chunkId: chunkId! }), enabled: chunkId !== null, retry: retryLive }),
  /** One page of the admin's chunk list. */
  chunkList: (page: number, limit: number, filter: ChunkFilter) =>
    queryOptions({
      queryKey: [...knowledgeKeys.chunkLists, page, limit, filter],
      queryFn: () => liveRequest(getChunks, { chunkId: '', page, limit, filter90Plus: filter }),
      retry: retryLive,
    }),
  /** The questions linked to a chunk. */
  chunkQuestions: (chunkId: number) =>
    queryOptions({ queryKey: [...knowledgeKeys.chunkQuestions, chunkId], queryFn: () => liveRequest(getQuestionsForChunk, { chunkId }), retry: retryLive }),
  /** A chunk's test: opening it starts a test unless one is running or its result is shown. */
  test: (chunkId: number) =>
    queryOptions({
      queryKey: [ROOT, 'test', chunkId],
      queryFn: async () => {
        const current = await liveRequest(getKnowledgeQuestions, { chunkId, startTest: '0' });
        return current.testStatus === 'Нет' ? liveRequest(getKnowledgeQuestions, { chunkId, startTest: '1' }) : current;
      },
      retry: retryLive,
    }),
};
