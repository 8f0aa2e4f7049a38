import { account } from '../../../src/shared/contract';
import { fail, MESSAGES } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { saveGoals } from './goals';
import { promoCodeFor, referralText } from './referral';
import { linkTelegram, refreshTelegramNickname, unlinkTelegram } from './telegram-account';
import { loadUserInfo } from './user-info';

export const accountHandlers = [
  implement(account.getUserInfo, async (ctx) => ({ userInfo: await loadUserInfo(ctx.services.db, ctx.user) })),

  implement(account.setGoals, async (ctx, goals) => {
    await saveGoals(ctx.services, ctx.user.id, goals);
    return {};
  }),

  implement(account.refreshTgNickname, async (ctx, { userVkId }) => {
    // The id is the caller's own user_vk_id: nobody refreshes someone else's nickname.
    if (userVkId !== (ctx.user.row.vk_id ?? '')) fail(MESSAGES.forbidden);
    return { tgNickname: await refreshTelegramNickname(ctx.services, ctx.user.id) };
  }),

  implement(account.setTgAccount, async (ctx, { domain, telegramData }) => {
    await linkTelegram(ctx.services, ctx.user.id, domain, telegramData);
    return {};
  }),

  implement(account.unlinkTg, async (ctx) => {
    await unlinkTelegram(ctx.services, ctx.user.id);
    return {};
  }),

  implement(account.getTgLinkSite, async (ctx) => ({ platformUrl: ctx.services.config.PUBLIC_URL })),

  implement(account.referalInfo, async (ctx) => {
    const promoCode = await promoCodeFor(ctx.services.db, { id: ctx.user.id, name: ctx.user.row.name }, ctx.services.clock.now());
    return { promoCode, textNoBr: referralText(promoCode) };
  }),
];
