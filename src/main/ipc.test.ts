import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_CHANNELS } from '../shared/desktop-api';
import { openOfflineCache, type OfflineCache } from './cache/offline-cache';
import { MAX_JSON_CHARS } from './ipc-schemas';
import { registerIpcHandlers } from './ipc';
import { createFakeIpcMain, createInProcessDesktop } from './testing/in-process-desktop';
import { normalizeServerUrl } from './settings/settings-file';

let cache: OfflineCache;
beforeEach(() => {
  cache = openOfflineCache(':memory:');
});
afterEach(() => cache.close());

function register(isTrustedSender?: (event: unknown) => boolean) {
  const fake = createFakeIpcMain();
  registerIpcHandlers(fake.ipcMain, {
    cache,
    settings: { getServerUrl: () => 'http://127.0.0.1:3000', setServerUrl: normalizeServerUrl },
    probeMedia: () => ({ camera: true, microphone: true, audioOutput: true, reasons: {}, devices: [], listedBySystem: false }),
    setStreamCookies: () => undefined,
    appInfo: () => ({ name: 'Енот', version: '1', platform: 'linux', arch: 'x64', electron: '1', chrome: '1' }),
    ...(isTrustedSender ? { isTrustedSender } : {}),
  });
  return fake;
}

describe('IPC handlers', () => {
  it('registers exactly the declared channels', () => {
    expect(register().channels().sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
  });

  it('refuses bad arguments before they reach the cache', async () => {
    const fake = register();
    const bad: [string, unknown[]][] = [
      [DESKTOP_CHANNELS.draftGet, []],
      [DESKTOP_CHANNELS.draftGet, [42]],
      [DESKTOP_CHANNELS.draftPut, [{ key: '', value: 1 }]],
      [DESKTOP_CHANNELS.draftPut, [{ key: 'k', value: 'x'.repeat(MAX_JSON_CHARS) }]],
      [DESKTOP_CHANNELS.chatAppend, ['botTheory', [{ question: 'без id' }]]],
      [DESKTOP_CHANNELS.outboxUpdate, [1, { status: 'done' }]],
      [DESKTOP_CHANNELS.outboxUpdate, [1, { createdAt: 5 }]],
      [DESKTOP_CHANNELS.outboxRemove, [-1]],
      [DESKTOP_CHANNELS.flagsSet, ['k']],
      [DESKTOP_CHANNELS.mediaProbe, [[{ kind: 'audiooutput', deviceId: 'd', label: '' }]]],
      [DESKTOP_CHANNELS.mediaProbe, [{ camera: 'opened', microphone: 'opened', listsOutputs: true, devices: [{ kind: 'printer', deviceId: '', label: '' }] }]],
      [DESKTOP_CHANNELS.mediaProbe, [{ camera: 'maybe', microphone: 'opened', listsOutputs: true, devices: [] }]],
      [DESKTOP_CHANNELS.appInfo, ['extra']],
    ];
    for (const [channel, args] of bad) {
      await expect(fake.invoke(channel, args), channel).rejects.toThrow(`Некорректные аргументы ${channel}`);
    }
    expect(cache.drafts.list()).toEqual([]);
    expect(cache.chat.get('botTheory')).toEqual([]);
  });

  it('stores values as JSON would, so both offline stores agree', async () => {
    const fake = register();
    await fake.invoke(DESKTOP_CHANNELS.draftPut, [{ key: 'k', value: { a: 1, gone: undefined, at: new Date(0) } }]);
    expect(cache.drafts.get('k')?.value).toEqual({ a: 1, at: '1970-01-01T00:00:00.000Z' });
  });

  it('refuses calls from an untrusted frame', async () => {
    const fake = register((event) => (event as { trusted?: boolean }).trusted === true);
    await expect(fake.invoke(DESKTOP_CHANNELS.outboxList, [], { trusted: false })).rejects.toThrow('неизвестный источник');
    await expect(fake.invoke(DESKTOP_CHANNELS.outboxList, [], { trusted: true })).resolves.toEqual([]);
  });

  it('answers through the preload bridge end to end', async () => {
    const desktop = createInProcessDesktop(cache, {
      settings: { getServerUrl: () => 'http://127.0.0.1:3000', setServerUrl: normalizeServerUrl },
    });
    await expect(desktop.setServerUrl('https://enot.example.ru/')).resolves.toBe('https://enot.example.ru');
    await expect(desktop.setServerUrl('ftp://x')).rejects.toThrow('http:// или https://');
    const check = { camera: 'missing', microphone: 'opened', listsOutputs: true, devices: [{ kind: 'audiooutput', deviceId: 'd', label: '' }] } as const;
    await expect(desktop.probeMedia({ ...check, devices: [...check.devices] })).resolves.toMatchObject({
      camera: false,
      microphone: true,
      audioOutput: true,
      reasons: { camera: 'Камера не найдена' },
    });
    await expect(desktop.appInfo()).resolves.toMatchObject({ name: 'Енот' });
  });
});
