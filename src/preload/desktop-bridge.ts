import {
  DESKTOP_CHANNELS as C,
  type ChannelResult,
  type DesktopApi,
  type DesktopChannel,
  type Invoker,
} from '../shared/desktop-api';

/** Sends one call to main and resolves with its answer (ipcRenderer.invoke in the preload). */
export type InvokeFn = (channel: DesktopChannel, ...args: unknown[]) => Promise<unknown>;

/**
 * Builds `window.desktop` from an invoke function: named functions only, one per channel, so
 * the renderer never holds ipcRenderer. Tests pass an in-process invoke instead.
 */
export function createDesktopBridge(invoke: InvokeFn): DesktopApi {
  const call =
    <K extends DesktopChannel>(channel: K): Invoker<K> =>
    (...args) =>
      // Main validates the arguments and its handler map is typed per channel.
      invoke(channel, ...args) as Promise<ChannelResult<K>>;

  return {
    drafts: { get: call(C.draftGet), put: call(C.draftPut), delete: call(C.draftDelete), list: call(C.draftList) },
    chat: { get: call(C.chatGet), append: call(C.chatAppend), replace: call(C.chatReplace) },
    flags: { get: call(C.flagsGet), set: call(C.flagsSet) },
    outbox: {
      enqueue: call(C.outboxEnqueue),
      list: call(C.outboxList),
      remove: call(C.outboxRemove),
      update: call(C.outboxUpdate),
      replace: call(C.outboxReplace),
    },
    getServerUrl: call(C.serverUrlGet),
    setServerUrl: call(C.serverUrlSet),
    probeMedia: call(C.mediaProbe),
    setStreamCookies: call(C.streamCookies),
    appInfo: call(C.appInfo),
  } satisfies DesktopApi;
}
