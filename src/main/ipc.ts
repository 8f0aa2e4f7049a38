import {
  DESKTOP_CHANNELS as C,
  type AppInfo,
  type ChannelArgs,
  type ChannelResult,
  type DesktopChannel,
  type MediaProbeResult,
  type RendererMediaCheck,
  type StreamCookieValues,
} from '../shared/desktop-api';
import type { OfflineCache } from './cache/offline-cache';
import { channelArgSchemas } from './ipc-schemas';

/** The part of Electron's ipcMain we use, so tests register handlers without Electron. */
export interface IpcMainLike<Event = unknown> {
  handle(channel: string, listener: (event: Event, ...args: unknown[]) => unknown): void;
}

export interface IpcDependencies<Event = unknown> {
  cache: OfflineCache;
  settings: { getServerUrl(): string; setServerUrl(url: string): string };
  probeMedia(check: RendererMediaCheck): Promise<MediaProbeResult> | MediaProbeResult;
  appInfo(): AppInfo;
  setStreamCookies(values: StreamCookieValues): void;
  /** Refuses calls from frames that are not our app (an injected iframe, a navigated page). */
  isTrustedSender?(event: Event): boolean;
}

export type IpcHandlers = {
  [K in DesktopChannel]: (...args: ChannelArgs<K>) => ChannelResult<K> | Promise<ChannelResult<K>>;
};

/** One handler per channel; arguments reaching them are already validated. */
export function createIpcHandlers(deps: Omit<IpcDependencies, 'isTrustedSender'>): IpcHandlers {
  const { cache, settings } = deps;
  return {
    [C.draftGet]: cache.drafts.get,
    [C.draftPut]: cache.drafts.put,
    [C.draftDelete]: cache.drafts.delete,
    [C.draftList]: cache.drafts.list,
    [C.chatGet]: cache.chat.get,
    [C.chatAppend]: cache.chat.append,
    [C.chatReplace]: cache.chat.replace,
    [C.flagsGet]: cache.flags.get,
    [C.flagsSet]: cache.flags.set,
    [C.outboxEnqueue]: cache.outbox.enqueue,
    [C.outboxList]: cache.outbox.list,
    [C.outboxRemove]: cache.outbox.remove,
    [C.outboxUpdate]: cache.outbox.update,
    [C.outboxReplace]: cache.outbox.replace,
    [C.serverUrlGet]: () => settings.getServerUrl(),
    [C.serverUrlSet]: (url) => settings.setServerUrl(url),
    [C.mediaProbe]: (check) => deps.probeMedia(check),
    [C.streamCookies]: (values) => deps.setStreamCookies(values),
    [C.appInfo]: () => deps.appInfo(),
  };
}

/** Registers every channel on ipcMain: sender check, argument validation, then the handler. */
export function registerIpcHandlers<Event>(ipcMain: IpcMainLike<Event>, deps: IpcDependencies<Event>): void {
  const handlers = createIpcHandlers(deps);
  for (const channel of Object.values(C)) {
    ipcMain.handle(channel, (event, ...args) => {
      if (deps.isTrustedSender && !deps.isTrustedSender(event)) {
        throw new Error(`Вызов ${channel} отклонён: неизвестный источник`);
      }
      return dispatch(handlers, channel, args);
    });
  }
}

function dispatch<K extends DesktopChannel>(handlers: IpcHandlers, channel: K, raw: unknown[]) {
  const parsed = channelArgSchemas[channel].safeParse(raw);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'аргументы'}: ${issue.message}`);
    throw new Error(`Некорректные аргументы ${channel}: ${details.join('; ')}`);
  }
  // TypeScript cannot relate handlers[channel] to parsed.data for a generic K; the map's type does.
  const handler = handlers[channel] as (...args: ChannelArgs<K>) => ChannelResult<K> | Promise<ChannelResult<K>>;
  return handler(...parsed.data);
}
