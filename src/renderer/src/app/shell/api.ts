import { queryOptions } from '@tanstack/react-query';
import { checkSubBotTg, getCurrentBotTg } from '@shared/contract/shell';
import { ru } from '../../i18n/ru';
import { liveClient } from '../../lib/live';

/** The shell's own queries (its popups), each key written once. */
export const shellQueries = {
  /** Whether the student follows the school's messenger bot, and which bot (null: none configured). */
  messengerSubscription: () =>
    queryOptions({
      queryKey: ['messengerSubscription'],
      queryFn: async () => {
        const live = liveClient();
        if (!live) throw new Error(ru.shell.noConnection);
        const [{ isSubscribed, subscriptionKnown }, bot] = await Promise.all([live.request(checkSubBotTg, {}), live.request(getCurrentBotTg, {}).catch(() => null)]);
        return { isSubscribed, subscriptionKnown, bot };
      },
      staleTime: Infinity,
      retry: 1,
    }),
};
