import { queryOptions } from '@tanstack/react-query';
import { getBookPage, getBooks, searchBookPages } from '@shared/contract/textbooks';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'textbooks';

/** The textbooks screen's queries (live calls), each key written once. */
export const textbooksQueries = {
  /** Every book; a saved book or page refreshes it. */
  books: () => queryOptions({ queryKey: [ROOT, 'list'], queryFn: () => liveRequest(getBooks, {}), retry: retryLive }),
  /** One page of a book; it changes only by this screen's saves, which refresh it. */
  page: (bookId: number, page: number) =>
    queryOptions({ queryKey: [ROOT, 'page', bookId, page], queryFn: () => liveRequest(getBookPage, { bookId, page }), retry: retryLive, staleTime: Infinity }),
  /** Which pages cover a topic, across every transcription; asked from two letters on. */
  search: (query: string) =>
    queryOptions({ queryKey: [ROOT, 'search', query], queryFn: () => liveRequest(searchBookPages, { query }), enabled: query.trim().length >= 2, retry: retryLive }),
};
