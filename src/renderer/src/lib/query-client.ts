import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Server state for the whole app (TanStack Query). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A '-1' or a refused call will not get better by retrying; a network blip might.
      retry: (count, error) => !(error instanceof ApiError && error.kind !== 'transport') && count < 2,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});
