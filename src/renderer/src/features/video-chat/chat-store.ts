import { atom, getDefaultStore } from 'jotai';
import { call, callCancelByServer, startCancelByServer, updateTrainInfo, type TrainInfo, type VerbalChatState } from '@shared/contract/video-chat';
import { ruVideoChat } from '../../i18n/video-chat';
import type { LiveClient } from '../../lib/live-client';

/** Shell §4.2: waiting, searching, call (incoming), connection, answering. */
export type ChatPhase = 'waiting' | 'searching' | 'call' | 'connection' | 'answering';

export interface ChatNotice {
  text: string;
  tone: 'info' | 'error';
}

export interface ChatState {
  phase: ChatPhase;
  trainInfo: TrainInfo | null;
  callerName: string;
  notice: ChatNotice | null;
}

export const WAITING: ChatState = { phase: 'waiting', trainInfo: null, callerName: '', notice: null };

/** The one video-chat state: the incoming-call window and the screen both read and change it. */
export const chatAtom = atom<ChatState>(WAITING);

/** Shell §9: a server cause shows about 5 s. */
export const NOTICE_MS = 5_000;

const store = getDefaultStore();

export function setChat(update: (state: ChatState) => ChatState): void {
  store.set(chatAtom, update(store.get(chatAtom)));
}

/** Back to waiting with a message (every end of §4.2). */
export function endWith(text: string, tone: ChatNotice['tone'] = 'info'): void {
  store.set(chatAtom, { ...WAITING, notice: { text, tone } });
}

/** The server's view after a reload or reconnect. */
export function applyServerState(state: VerbalChatState, trainInfo: TrainInfo | null, callerFullName: string): void {
  setChat((current) => {
    if (state === 'connection' && (current.phase === 'connection' || current.phase === 'answering')) return { ...current, trainInfo };
    if (state === 'connection') return { ...current, phase: 'connection', trainInfo };
    if (state === 'call') return { ...current, phase: 'call', callerName: callerFullName, trainInfo: null };
    if (state === 'searching') return { ...current, phase: 'searching', trainInfo };
    return current.phase === 'waiting' ? current : { ...WAITING, notice: current.notice };
  });
}

let bound: LiveClient | null = null;

/**
 * Listens to the video-chat pushes once per live client (shell §7.3): an incoming call, the server
 * ending a search or a call with its cause, and the roles once a call is accepted. A live socket
 * that drops mid-way cancels with the §8.2 message, as the server cancels on its side.
 */
export function bindChatPushes(client: LiveClient): void {
  if (bound === client) return;
  bound = client;
  client.on(call, ({ userInitiator }) => setChat((state) => ({ ...state, phase: 'call', callerName: userInitiator.userFullName, notice: null })));
  client.on(startCancelByServer, ({ cause }) => endWith(cause));
  client.on(callCancelByServer, ({ cause }) => endWith(cause));
  client.on(updateTrainInfo, ({ trainInfo }) =>
    setChat((state) => ({ ...state, phase: state.phase === 'answering' ? 'answering' : 'connection', trainInfo, notice: null })),
  );
  client.onStatus((status) => {
    if (status === 'online' || status === 'connecting') return;
    const { phase } = store.get(chatAtom);
    if (phase === 'waiting') return;
    const t = ruVideoChat.lost;
    endWith(phase === 'searching' ? t.searching : phase === 'call' ? t.call : t.training, 'error');
  });
}
