import { queryOptions } from '@tanstack/react-query';
import {
  getGroupUsersCountTg,
  triggerUpdateBotTermins,
  triggerUpdateTgMailing,
  triggerUpdateVkMailingFreeBot,
  type MailingChannel,
  type MailingLists,
} from '@shared/contract/mailings';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'mailings';

/** Asking for a bot's lists also subscribes this socket to their pushes (updateMailings). */
function subscribe(channel: MailingChannel): Promise<MailingLists> {
  if (channel === 'MAIN') return liveRequest(triggerUpdateTgMailing, {});
  if (channel === 'TERMINS') return liveRequest(triggerUpdateBotTermins, {});
  return liveRequest(triggerUpdateVkMailingFreeBot, { channel });
}

/** The mailings screen's queries (live calls), each key written once; a push replaces a bot's lists under its key. */
export const mailingsQueries = {
  /** One bot's open and finished mailings. */
  lists: (channel: MailingChannel) => queryOptions({ queryKey: [ROOT, channel], queryFn: () => subscribe(channel), retry: retryLive }),
  /** How many people a new mailing would reach. */
  receivers: (fromBot: MailingChannel, group: string, nicknames: string[]) =>
    queryOptions({
      queryKey: [ROOT, 'count', fromBot, group, nicknames.join(',')],
      queryFn: () => liveRequest(getGroupUsersCountTg, { fromBot, group, receiversTgNicknames: nicknames }),
      retry: false,
    }),
};
