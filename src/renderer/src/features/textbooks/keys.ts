/** React Query keys of the textbooks screen. */
export const BOOKS_KEY = ['textbooks', 'list'] as const;

export const pageKey = (bookId: number, page: number) => ['textbooks', 'page', bookId, page] as const;
