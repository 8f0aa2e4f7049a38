import { account } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { loadUserInfo } from './user-info';

export const accountHandlers = [
  implement(account.getUserInfo, async (ctx) => ({ userInfo: await loadUserInfo(ctx.services.db, ctx.user) })),
];
