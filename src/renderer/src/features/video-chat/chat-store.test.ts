import { getDefaultStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { call, callCancelByServer, updateTrainInfo } from '../../../../shared/contract/video-chat';
import type { LiveClient } from '../../lib/live-client';
import { bindChatPushes, chatAtom, setChat, WAITING } from './chat-store';
import { connectionLabel } from './peer-call';

/** A live client that lets the test deliver pushes and status changes. */
function fakeClient() {
  const handlers = new Map<string, (body: unknown) => void>();
  const statusListeners: Array<(status: string) => void> = [];
  const client = {
    on: (contract: { path: string }, handler: (body: unknown) => void) => {
      handlers.set(contract.path, handler);
      return () => handlers.delete(contract.path);
    },
    onStatus: (listener: (status: string) => void) => {
      statusListeners.push(listener);
      return () => undefined;
    },
  } as unknown as LiveClient;
  return {
    client,
    push: (path: string, body: unknown) => handlers.get(path)!(body),
    status: (status: string) => statusListeners.forEach((listener) => listener(status)),
  };
}

const trainInfo = {
  role: 'answerer' as const,
  userNameQuestioner: 'Егор Васильев',
  userNameAnswerer: 'София Павлова',
  questionText: 'Что такое государство?',
  questionAnswer: '',
  userInitiator: { userFullName: 'София Павлова' },
  sessionId: 7,
};

describe('video chat state (shell §4.2)', () => {
  const store = getDefaultStore();

  it('goes call → connection on the pushes and back to waiting with the server cause', () => {
    const fake = fakeClient();
    bindChatPushes(fake.client);
    store.set(chatAtom, WAITING);
    fake.push(call.path, { userInitiator: { userFullName: 'София Павлова' } });
    expect(store.get(chatAtom)).toMatchObject({ phase: 'call', callerName: 'София Павлова' });
    fake.push(updateTrainInfo.path, { trainInfo });
    expect(store.get(chatAtom)).toMatchObject({ phase: 'connection', trainInfo });
    fake.push(callCancelByServer.path, { cause: 'Собеседник завершил тренировку' });
    expect(store.get(chatAtom)).toEqual({ ...WAITING, notice: { text: 'Собеседник завершил тренировку', tone: 'info' } });
  });

  it('a dropped live socket cancels with the §8.2 message of the phase', () => {
    const fake = fakeClient();
    bindChatPushes(fake.client);
    for (const [phase, text] of [
      ['searching', 'Поиск отменен , возникли проблемы с подключением'],
      ['call', 'Вызов отменен , возникли проблемы с подключением'],
      ['answering', 'Тренировка отменена , возникли проблемы с подключением'],
    ] as const) {
      setChat(() => ({ ...WAITING, phase }));
      fake.status('offline');
      expect(store.get(chatAtom)).toEqual({ ...WAITING, notice: { text, tone: 'error' } });
    }
    // While waiting nothing is cancelled.
    store.set(chatAtom, WAITING);
    fake.status('offline');
    expect(store.get(chatAtom)).toEqual(WAITING);
  });

  it('labels peer connection states as §4.2 says', () => {
    expect(connectionLabel('connected')).toBe('connected');
    expect(connectionLabel('failed')).toBe('failed');
    expect(connectionLabel('connecting')).toBe('unknown');
    expect(connectionLabel(undefined)).toBe('unknown');
  });
});
