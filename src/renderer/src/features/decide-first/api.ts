import { queryOptions } from '@tanstack/react-query';
import { getGameData, getTournamentTableData } from '@shared/contract/decide-first';
import { api } from '../../lib/api';

const ROOT = 'decideFirst';

/** The game's queries, each key written once (leaving a game refreshes both). */
export const decideFirstQueries = {
  /** The caller's game, or none. */
  game: () => queryOptions({ queryKey: [ROOT, 'game'], queryFn: ({ signal }) => api.call(getGameData, {}, { handleErrors: true, signal }), retry: 1 }),
  /** The tournament table. */
  standings: () => queryOptions({ queryKey: [ROOT, 'standings'], queryFn: ({ signal }) => api.call(getTournamentTableData, {}, { handleErrors: true, signal }) }),
};
