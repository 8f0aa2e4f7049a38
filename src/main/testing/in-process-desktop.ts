import type { DesktopApi, DesktopChannel } from '../../shared/desktop-api';
import { createDesktopBridge } from '../../preload/desktop-bridge';
import type { OfflineCache } from '../cache/offline-cache';
import { registerIpcHandlers, type IpcDependencies, type IpcMainLike } from '../ipc';
import { createMainProbe } from '../media/probe';

type Listener = (event: unknown, ...args: unknown[]) => unknown;

/** A recording stand-in for ipcMain: handlers by channel, called like ipcRenderer.invoke would. */
export function createFakeIpcMain() {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle(channel, listener) {
      if (listeners.has(channel)) throw new Error(`второй обработчик ${channel}`);
      listeners.set(channel, listener);
    },
  };
  return {
    ipcMain,
    channels: () => [...listeners.keys()],
    /** Structured-clones arguments and answers, as the IPC boundary does. */
    async invoke(channel: string, args: unknown[], event: unknown = {}): Promise<unknown> {
      const listener = listeners.get(channel);
      if (!listener) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await listener(event, ...structuredClone(args)));
    },
  };
}

/**
 * `window.desktop` for tests: the preload's bridge over the real IPC handlers and a real cache,
 * in one process, so renderer code is proven against main without Electron.
 */
export function createInProcessDesktop(cache: OfflineCache, overrides: Partial<IpcDependencies> = {}): DesktopApi {
  const fake = createFakeIpcMain();
  let serverUrl = 'http://127.0.0.1:3000';
  registerIpcHandlers(fake.ipcMain, {
    cache,
    settings: {
      getServerUrl: () => serverUrl,
      setServerUrl: (url) => (serverUrl = url),
    },
    probeMedia: createMainProbe({ permissions: () => ({ camera: 'unknown', microphone: 'unknown' }), listDevices: async () => null }),
    appInfo: () => ({ name: 'Енот', version: '0.0.0-test', platform: process.platform, arch: process.arch, electron: '', chrome: '' }),
    setStreamCookies: () => undefined,
    ...overrides,
  });
  return createDesktopBridge((channel: DesktopChannel, ...args) => fake.invoke(channel, args));
}
