import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import type { ReactNode } from 'react';
import { ruAdmin } from '../../i18n/admin';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { ErrorBox, Loader, useNotify } from '../../ui';
import { adminQueries } from './api';

/** A tab's data: loaded once on first open, refreshed after its own saves. */
export function useSetting<C extends LiveContract>(contract: C): UseQueryResult<OutputOf<C>, unknown> {
  return useQuery(adminQueries.setting(contract));
}

/** A save that says 'Сохранено' or shows the server's reason, and reloads `refresh`. */
export function useSave<C extends LiveContract>(contract: C, refresh: LiveContract) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (input: InputOf<C>) => liveRequest(contract, input),
    onSuccess: () => {
      notify(ruAdmin.saved, { tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminQueries.setting(refresh).queryKey });
    },
  });
}

/** Loading and error states of a tab; children render with the data. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T, unknown>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loader label={ruAdmin.loading} />;
  if (query.isError) return <ErrorBox message={ruAdmin.error(liveErrorText(query.error))} onRetry={() => void query.refetch()} retryLabel={ruAdmin.retry} />;
  return <>{children(query.data)}</>;
}

export function SaveError({ error }: { error: unknown }) {
  return error ? <ErrorBox message={ruAdmin.saveError(liveErrorText(error))} /> : null;
}
