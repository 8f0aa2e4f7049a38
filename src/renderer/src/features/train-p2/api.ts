import { queryOptions } from '@tanstack/react-query';
import { availableQuestions2, checkTables, resultCheckQuestion2, type TableType } from '@shared/contract/train-p2';
import { api } from '../../lib/api';

/** The part 2 trainer's queries, each key written once (an AI check's push refreshes its table). */
export const trainP2Queries = {
  /** What the student can train (chapters, tasks, counts); not refetched on focus, the screen's choice stays. */
  available: () =>
    queryOptions({
      queryKey: ['trainP2Available'],
      queryFn: ({ signal }) => api.call(availableQuestions2, {}, { handleErrors: true, signal }),
      retry: false,
      refetchOnWindowFocus: false,
    }),
  /** One table of checks (mine, by me, by the AI). */
  table: (table: TableType) =>
    queryOptions({
      queryKey: ['trainP2Table', table],
      queryFn: ({ signal }) => api.call(checkTables, { tableType: table }, { handleErrors: true, signal }),
      retry: false,
    }),
  /** One check of a table with its question and answer. */
  check: (table: TableType, checkId: number) =>
    queryOptions({
      queryKey: ['trainP2Check', table, checkId],
      queryFn: ({ signal }) => api.call(resultCheckQuestion2, { askType: table, checkId }, { handleErrors: true, signal }),
      retry: false,
    }),
};
