import { queryOptions } from '@tanstack/react-query';
import { getTgLinkSite, referalInfo } from '@shared/contract/account';
import { getExamForecast } from '@shared/contract/learning';
import type { InputOf } from '@shared/contract/core';
import { getCurrentBotTg, getVariablesStr } from '@shared/contract/shell';
import { api } from '../../lib/api';
import { isRefusal } from './errors';
import { liveRequest } from './live-request';
import { loadTelegramLogin } from './telegram-widget';

/** The personal account's queries, each key written once (the profile itself is lib's userInfoQuery). */
export const accountQueries = {
  /** The student's ЕГЭ forecast (the learning model reads every scored answer). */
  examForecast: () => queryOptions({ queryKey: ['examForecast'], queryFn: ({ signal }) => api.call(getExamForecast, { userKey: '' }, { handleErrors: true, signal }) }),
  /** The user's promo code; it does not change while the page is open. */
  referral: () => queryOptions({ queryKey: ['referral'], queryFn: ({ signal }) => api.call(referalInfo, {}, { handleErrors: true, signal }), staleTime: Infinity }),
  /** The school's app download links (admin variables). */
  appLinks: (variableNames: InputOf<typeof getVariablesStr>['variableNames']) =>
    queryOptions({
      queryKey: ['appLinks'],
      queryFn: ({ signal }) => api.call(getVariablesStr, { variableNames }, { handleErrors: true, signal }),
      staleTime: 5 * 60_000,
    }),
  /** The Telegram bot to link; a refusal (not configured) is final, a dropped connection is tried once more. */
  telegramBot: () =>
    queryOptions({
      queryKey: ['telegramBot'],
      queryFn: () => liveRequest(getCurrentBotTg, {}),
      staleTime: Infinity,
      retry: (count, error) => !isRefusal(error) && count < 1,
    }),
  /** The site Telegram's widget may be used on. */
  linkSite: () => queryOptions({ queryKey: ['tgLinkSite'], queryFn: ({ signal }) => api.call(getTgLinkSite, {}, { handleErrors: true, signal }), staleTime: Infinity }),
  /** Telegram's login widget script, loaded once. */
  telegramWidget: () => queryOptions({ queryKey: ['telegramWidget'], queryFn: loadTelegramLogin, staleTime: Infinity, retry: false }),
};
