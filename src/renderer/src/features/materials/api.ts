import { queryOptions } from '@tanstack/react-query';
import { getTerminDefinitionByName } from '@shared/contract/materials';
import { getVideoTimecodeById, searchVideosTimecodesByTag } from '@shared/contract/video';
import { api } from '../../lib/api';

/** The materials screens' queries, each key written once; a failed search is not retried (the user types again). */
export const materialsQueries = {
  /** A term's definition by its name. */
  term: (terminName: string) =>
    queryOptions({
      queryKey: ['terminDefinition', terminName],
      queryFn: ({ signal }) => api.call(getTerminDefinitionByName, { terminName }, { handleErrors: true, signal }),
      retry: false,
    }),
  /** Video fragments whose tags match the search. */
  fragments: (query: string) =>
    queryOptions({
      queryKey: ['videoFragments', query],
      queryFn: ({ signal }) => api.call(searchVideosTimecodesByTag, { q: query }, { handleErrors: true, signal }),
      retry: false,
    }),
  /** One fragment to play. */
  fragment: (timecodeId: number) =>
    queryOptions({
      queryKey: ['videoTimecode', timecodeId],
      queryFn: ({ signal }) => api.call(getVideoTimecodeById, { id: timecodeId }, { handleErrors: true, signal }),
      retry: false,
    }),
};
