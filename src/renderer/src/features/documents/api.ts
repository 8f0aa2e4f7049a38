import { queryOptions } from '@tanstack/react-query';
import { getSchoolDocument, type DocumentKind } from '@shared/contract/documents';
import { api } from '../../lib/api';

/** The public documents' queries, each key written once. */
export const documentsQueries = {
  /** The school's offer or privacy policy. */
  document: (kind: DocumentKind) =>
    queryOptions({ queryKey: ['documents', kind], queryFn: ({ signal }) => api.call(getSchoolDocument, { kind }, { handleErrors: true, signal }) }),
};
