import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  getActiveSubs,
  getCardsList,
  getIntensivRazdelsLessonsInfo,
  historyPayments,
  updateCardsList,
} from '@shared/contract/finances';
import { api } from '../../lib/api';
import { isRefusal, isSignedOut } from './errors';
import { liveRequest, shellLiveClient } from './live-request';

/** Live calls: a refusal or an ended session will not get better by asking again; a dropped socket might. */
const liveRetry = (count: number, error: unknown) => !isRefusal(error) && !isSignedOut(error) && count < 2;

/** Query keys of the screen; the balance comes with the history (one ledger read). */
export const financeKeys = {
  history: ['finances', 'history'] as const,
  cards: ['finances', 'cards'] as const,
  subs: ['finances', 'subs'] as const,
  lessons: ['finances', 'lessons'] as const,
  /** The shell's profile: it carries the balance too (bn_balance), so it is refreshed with ours. */
  userInfo: ['userInfo'] as const,
};

export function useHistory() {
  return useQuery({
    queryKey: financeKeys.history,
    queryFn: ({ signal }) => api.call(historyPayments, {}, { handleErrors: true, signal }),
  });
}

export function useCards() {
  const queryClient = useQueryClient();
  // Binding finishes on the payment page, in another tab: the server pushes the new list.
  useEffect(() => {
    let active = true;
    const offs: Array<() => unknown> = [];
    void shellLiveClient().then((client) => {
      if (!active || !client) return;
      offs.push(client.on(updateCardsList, ({ cards }) => queryClient.setQueryData(financeKeys.cards, { cards })));
      // Pushes sent while the socket was down are lost: ask again after a reconnect.
      offs.push(client.onReconnect(() => void queryClient.invalidateQueries({ queryKey: financeKeys.cards })));
    });
    return () => {
      active = false;
      offs.forEach((off) => off());
    };
  }, [queryClient]);
  return useQuery({ queryKey: financeKeys.cards, queryFn: () => liveRequest(getCardsList, {}), retry: liveRetry });
}

/** Shared with the cancel / resume actions, which read the list again right after. */
export const subscriptionsQuery = queryOptions({ queryKey: financeKeys.subs, queryFn: () => liveRequest(getActiveSubs, {}), retry: liveRetry });

export function useSubscriptions() {
  return useQuery(subscriptionsQuery);
}

export function useExtraLessons() {
  return useQuery({
    queryKey: financeKeys.lessons,
    queryFn: ({ signal }) => api.call(getIntensivRazdelsLessonsInfo, {}, { handleErrors: true, signal }),
  });
}

/**
 * Payments finish in another tab (shell §4.6): when the user comes back, read the balance,
 * history and cards again. Focus and visibilitychange often fire together; queries dedupe.
 */
export function useRefetchOnReturn() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      void queryClient.invalidateQueries({ queryKey: financeKeys.history });
      void queryClient.invalidateQueries({ queryKey: financeKeys.cards });
      void queryClient.invalidateQueries({ queryKey: financeKeys.userInfo });
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [queryClient]);
}

/**
 * Opens a payment page in a new tab. The opener link is cut so the page cannot steer ours.
 * Returns false when the browser blocked the tab (the caller then offers a plain link).
 */
export function openPaymentTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  try {
    tab.opener = null;
  } catch {
    // Cross-origin already: nothing to cut.
  }
  return true;
}
