import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from './EmptyState';
import { ErrorBox } from './ErrorBox';
import { Loader } from './Loader';

export interface QueryStateProps<TData, TError> {
  query: UseQueryResult<TData, TError>;
  /** The failed load in the screen's own words (the spec's wording, e.g. `t.error(liveErrorText(error))`). */
  errorText: (error: TError) => ReactNode;
  errorTitle?: ReactNode;
  /** The retry button's label; ErrorBox's own by default. */
  retryLabel?: string;
  /** What «retry» does instead of refetching this query (e.g. reload the whole screen's cache). */
  onRetry?: () => void;
  /** False for a screen whose failed load offers no retry button. */
  retry?: boolean;
  /** What the first load shows; a Loader by default, `null` for nothing. */
  loading?: ReactNode;
  /** The empty text when the loaded data has nothing to show, else false / null / undefined. */
  empty?: (data: TData) => string | false | null | undefined;
  /** The compact EmptyState, for a list inside a card. */
  emptyCompact?: boolean;
  /** The loaded screen. */
  children: (data: TData) => ReactNode;
}

/**
 * The one way a screen shows a query: loading, then the failure with «retry» (refetches the query),
 * then the empty text, then the data. A failed refetch shows the failure even with older data, as
 * TanStack's `isError` says.
 */
export function QueryState<TData, TError>({
  query,
  errorText,
  errorTitle,
  retryLabel,
  onRetry,
  retry = true,
  loading,
  empty,
  emptyCompact,
  children,
}: QueryStateProps<TData, TError>): ReactNode {
  if (query.isPending) return loading === undefined ? <Loader /> : loading;
  if (query.isError) {
    return (
      <ErrorBox
        title={errorTitle}
        message={errorText(query.error)}
        retryLabel={retryLabel}
        onRetry={retry ? (onRetry ?? (() => void query.refetch())) : undefined}
      />
    );
  }
  const emptyText = empty?.(query.data);
  if (emptyText !== undefined && emptyText !== null && emptyText !== false) return <EmptyState text={emptyText} compact={emptyCompact} />;
  return children(query.data);
}
