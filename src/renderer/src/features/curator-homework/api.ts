import { queryOptions } from '@tanstack/react-query';
import { getDzList, getHtListForDz, getResultP1, getResultP2 } from '@shared/contract/curator-homework';
import { api } from '../../lib/api';
import { type OfflineScope, saveWorksSnapshot } from './offline/offline-checks';

const ROOT = 'curatorHomework';

/**
 * Every checking query starts with this key (the checking queue's WAITING_WORKS_KEY in lib/ too), so a
 * checking action refreshes the lists, the works and the queue at once.
 */
export const curatorHomeworkKeys = { all: [ROOT] as const };

/** The homework-checking screens' queries, each key written once. */
export const curatorHomeworkQueries = {
  /** The homework table. */
  list: () => queryOptions({ queryKey: [ROOT, 'list'], queryFn: ({ signal }) => api.call(getDzList, {}, { handleErrors: true, signal }) }),
  /**
   * The works of one homework; each load is kept on this device so the list still opens without a
   * connection (offline checking). Fails fast offline (instead of pausing) so the saved list can show.
   */
  works: (htNumber: number, scope: OfflineScope | null) =>
    queryOptions({
      queryKey: [ROOT, 'works', htNumber],
      queryFn: async ({ signal }) => {
        const list = await api.call(getHtListForDz, { htNumber }, { handleErrors: true, signal });
        if (scope) await saveWorksSnapshot(scope, htNumber, list, Date.now()).catch(() => undefined);
        return list;
      },
      networkMode: 'always',
      retry: 1,
    }),
  /** One student's part 1 result. */
  p1Result: (dzNum: number, dop: boolean, userVkId: string) =>
    queryOptions({
      queryKey: [ROOT, 'p1', dzNum, dop, userVkId],
      queryFn: ({ signal }) => api.call(getResultP1, { dzNum, isDopPart: dop ? '1' : '0', userVkId }, { handleErrors: true, signal }),
    }),
  /** One student's part 2 under check; asked only when this device holds no copy of the work. */
  p2Result: (dzNum: number, studentId: string, enabled: boolean) =>
    queryOptions({
      queryKey: [ROOT, 'p2', dzNum, studentId],
      queryFn: ({ signal }) => api.call(getResultP2, { dzNum, type: `userVkId:${studentId}`, onlyChecked: '0' }, { handleErrors: true, signal }),
      enabled,
      networkMode: 'always',
      retry: 1,
    }),
  /** One task of every submitted work, checked or not. */
  task: (dzNum: number, onlyChecked: '0' | '1', taskNum: number) =>
    queryOptions({
      queryKey: [ROOT, 'task', dzNum, onlyChecked, taskNum],
      queryFn: ({ signal }) => api.call(getResultP2, { dzNum, type: `taskNum:${taskNum}`, onlyChecked }, { handleErrors: true, signal }),
    }),
};
