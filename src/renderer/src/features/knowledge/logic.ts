import { CHUNK_FILTERS, CHUNK_PAGE_SIZES, type Chunk, type ChunkFilter } from '@shared/contract/knowledge';
import { isOneOf } from '@shared/guards';

/** back-office §5: limit 10/20/50/100 else 10; page integer ≥ 1 else 1; filter all/90plus/90minus else all. */
export function readListQuery(params: URLSearchParams): { page: number; limit: number; filter: ChunkFilter } {
  const limit = Number(params.get('limit'));
  const page = Number(params.get('page'));
  const filter = params.get('filter90Plus') ?? '';
  return {
    limit: isOneOf(CHUNK_PAGE_SIZES, limit) ? limit : 10,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filter: isOneOf(CHUNK_FILTERS, filter) ? filter : 'all',
  };
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** A page jump: an integer from 1 to the page count, else null (ignored). */
export function parsePageJump(text: string, pages: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const page = Number(text);
  return page >= 1 && page <= pages ? page : null;
}

/** A question number to search: a positive integer, else null. */
export function parseQuestionNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null;
}

export type ChunkDraft = Pick<Chunk, 'name' | 'lessonNum' | '90plus' | 'answerText' | 'kind'>;

/** The changed fields only (compared trimmed, back-office §4): what edit_chunk gets; empty → Save disabled. */
export function changedFields(loaded: ChunkDraft, draft: ChunkDraft): Partial<ChunkDraft> {
  const changes: Partial<ChunkDraft> = {};
  if (draft.name.trim() !== loaded.name.trim()) changes.name = draft.name.trim();
  if (draft.lessonNum !== loaded.lessonNum) changes.lessonNum = draft.lessonNum;
  if (draft['90plus'] !== loaded['90plus']) changes['90plus'] = draft['90plus'];
  if (draft.kind !== loaded.kind) changes.kind = draft.kind;
  if (draft.answerText.trim() !== loaded.answerText.trim()) changes.answerText = draft.answerText;
  return changes;
}

/** Cells grouped by chapter, in the order the server gives (course order). */
export function byChapter<T extends { chapter: string }>(cells: readonly T[]): Array<{ chapter: string; cells: T[] }> {
  const groups: Array<{ chapter: string; cells: T[] }> = [];
  for (const cell of cells) {
    const last = groups[groups.length - 1];
    if (last && last.chapter === cell.chapter) last.cells.push(cell);
    else groups.push({ chapter: cell.chapter, cells: [cell] });
  }
  return groups;
}
