import * as videoChat from '../../../src/shared/contract/video-chat';
import { implement } from '../../contract/implement';
import { toFlag } from '../../../src/shared/contract/fields';
import { answerCall, cancelCall, cancelSearch, currentTraining, getWant, setWant, startSearch } from './matchmaking';

/** Handlers of the video-chat matchmaking, one per live contract in src/shared/contract/video-chat.ts. */
export const videoChatHandlers = [
  implement(videoChat.getUserWant, async (ctx) => ({ want: toFlag(await getWant(ctx.services.db, ctx.user.id, ctx.services.clock.now())) })),
  implement(videoChat.setUserWant, async (ctx, { want }) => {
    await setWant(ctx.services, ctx.user.id, want === '1');
    return {};
  }),
  implement(videoChat.start, async (ctx) => {
    await startSearch(ctx.services, ctx.user.id);
    return {};
  }),
  implement(videoChat.startCancel, async (ctx) => {
    await cancelSearch(ctx.services, ctx.user.id);
    return {};
  }),
  implement(videoChat.callAccept, async (ctx, { accept }) => {
    await answerCall(ctx.services, ctx.user.id, accept === '1');
    return {};
  }),
  implement(videoChat.callCancel, async (ctx) => {
    await cancelCall(ctx.services, ctx.user.id);
    return {};
  }),
  implement(videoChat.refreshTrainInfo, async (ctx) => ({
    ...(await currentTraining(ctx.services, ctx.user.id)),
    iceServers: ctx.services.config.ICE_SERVERS,
  })),
];
