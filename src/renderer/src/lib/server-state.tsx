import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query for the screens under it. Not in the app root: the sign-in page reads no server
 * state through it, and leaving it out keeps the library off that page (the sign-in page's size goal).
 * Every provider holds the same client, so the cache is one for the whole app.
 */
export function ServerState({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
