import { z } from 'zod';
import { access } from './access';
import { frame, type FrameContract, live, push, socket } from './core';
import { flag, noInput } from './fields';

/**
 * Peer video chat for oral-credit practice (shell §3.4, §4.2, §7.3 `/verbal_chat/*`, §7.4, §8.2, §9).
 * The server pairs users and relays WebRTC signalling; media flows peer to peer (or via TURN).
 */

/** Who may practise: the same rule that shows the video-chat button. */
const practise = access.icon('verbalChat');

export const getUserWant = live('/verbal_chat/get_user_want', {
  input: noInput,
  output: z.object({ want: flag }),
  access: practise,
});

/** '1': ready to be called by someone who starts a search; '0': not available. */
export const setUserWant = live('/verbal_chat/set_user_want', {
  input: z.object({ want: flag }),
  output: z.object({}),
  access: practise,
});

/** Starts searching for a partner; pairs at once when someone is ready or searching. */
export const start = live('/verbal_chat/start', {
  input: noInput,
  output: z.object({}),
  access: practise,
});

export const startCancel = live('/verbal_chat/start_cancel', {
  input: noInput,
  output: z.object({}),
  access: practise,
});

/** The callee's answer to an incoming call. */
export const callAccept = live('/verbal_chat/call_accept', {
  input: z.object({ accept: flag }),
  output: z.object({}),
  access: practise,
});

/** Ends the pending call or the running training, by either side. */
export const callCancel = live('/verbal_chat/call_cancel', {
  input: noInput,
  output: z.object({}),
  access: practise,
});

/** Shell §3.4. role 'initiator' while the caller waits for the callee's answer. */
export const trainInfoSchema = z.object({
  role: z.enum(['questioner', 'answerer', 'initiator']),
  userNameQuestioner: z.string(),
  userNameAnswerer: z.string(),
  questionText: z.string(),
  /** Only the questioner gets the answer; '' otherwise (shown only when present). */
  questionAnswer: z.string(),
  userInitiator: z.object({ userFullName: z.string() }),
  /** Our extension: the session these roles belong to (the signalling socket serves only it). */
  sessionId: z.number().int(),
});
export type TrainInfo = z.infer<typeof trainInfoSchema>;

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** Our state names of shell §4.2 as the server sees them, so a reload resumes the right screen. */
export const VERBAL_CHAT_STATES = ['waiting', 'searching', 'call', 'connection'] as const;
export type VerbalChatState = (typeof VERBAL_CHAT_STATES)[number];

/** The current training (or pending call) of the caller; also pushed again as update_train_info. */
export const refreshTrainInfo = live('/verbal_chat/refresh_train_info', {
  input: noInput,
  output: z.object({
    /** Our extension: where the caller stands, so a reloaded page shows the right screen. */
    state: z.enum(VERBAL_CHAT_STATES),
    trainInfo: trainInfoSchema.nullable(),
    /** Our extension: the caller's name while a call to the caller is pending. */
    callerFullName: z.string(),
    /** Our extension: STUN/TURN servers of this school (ICE_SERVERS); empty on one machine or a LAN. */
    iceServers: z.array(iceServerSchema),
  }),
  access: practise,
});

/** To the callee: someone wants to practise (shell §7.3). */
export const call = push('/verbal_chat/call', {
  body: z.object({ userInitiator: z.object({ userFullName: z.string() }) }),
});

/** The server stopped the caller's search (shell §9: the cause shows about 5 s). */
export const startCancelByServer = push('/verbal_chat/start_cancel_by_server', {
  body: z.object({ cause: z.string() }),
});

/** The server (or the other side) ended the call or the training. */
export const callCancelByServer = push('/verbal_chat/call_cancel_by_server', {
  body: z.object({ cause: z.string() }),
});

/** Roles and the question, to both peers once the call is accepted; the client acknowledges. */
export const updateTrainInfo = push('/verbal_chat/update_train_info', {
  body: z.object({ trainInfo: trainInfoSchema }),
  ack: true,
});

/** Shell §7.4: signed like the live socket; serves only the caller's own active training. */
export const signallingSocket = socket('/go/train_zachet_verbal_chat/ws', {
  access: practise,
});

/** Which side of the call this peer takes; sent by the server once both are paired. */
export const roleFrame = frame('/go/train_zachet_verbal_chat/ws#ROLE', {
  from: 'server',
  data: z.object({ role: z.enum(['initiator', 'receiver']) }),
});

/** Both peers are connected: negotiation may start. */
export const readyFrame = frame('/go/train_zachet_verbal_chat/ws#READY', {
  from: 'server',
  data: z.object({}),
});

/**
 * WebRTC payloads (a session description or an ICE candidate) go to the other peer as they
 * are: the server does not read them, it only limits their size (MAX_SIGNAL_DATA_CHARS).
 */
const webRtcPayload = z.unknown();

export const offerFrame = frame('/go/train_zachet_verbal_chat/ws#OFFER', { from: 'both', data: webRtcPayload });
export const answerFrame = frame('/go/train_zachet_verbal_chat/ws#ANSWER', { from: 'both', data: webRtcPayload });
export const iceCandidateFrame = frame('/go/train_zachet_verbal_chat/ws#ICE_CANDIDATE', { from: 'both', data: webRtcPayload });

/** The sender's ICE gathering is complete; nothing is relayed. */
export const finishSendIceCandidatesFrame = frame('/go/train_zachet_verbal_chat/ws#FINISH_SEND_ICE_CANDIDATES', {
  from: 'client',
  data: z.unknown(),
});

/** WebRTC payloads are small; anything larger is refused. */
export const MAX_SIGNAL_DATA_CHARS = 16_000;

/** A frame a client may send: `{dataType, data}`, its data relayed as it is. */
export const signalClientFrame = z.object({
  dataType: z.enum([offerFrame.type, answerFrame.type, iceCandidateFrame.type, finishSendIceCandidatesFrame.type]),
  data: z.unknown().optional(),
});
export type SignalClientType = z.infer<typeof signalClientFrame>['dataType'];

/** A server frame: a relayed or server message, or a notice `{success, message}` ('30' shows its message). */
export type SignalServerFrame =
  | FrameMessage<typeof roleFrame | typeof readyFrame | typeof offerFrame | typeof answerFrame | typeof iceCandidateFrame>
  | { success: '30' | '0'; message: string };
type FrameMessage<F> = F extends FrameContract<infer D, infer T> ? { dataType: T; data: z.infer<D> } : never;

/** Server-side causes and notices (§8.2 leaves the causes to us; the client texts are in i18n). */
export const VERBAL_CHAT_TEXTS = {
  noPartnerYet: 'Сейчас никто не готов к тренировке. Подождите или попробуйте позже',
  alreadyBusy: 'Вы уже участвуете в тренировке',
  notSearching: 'Поиск не идёт',
  noCall: 'Входящего вызова нет',
  noTraining: 'Тренировка не найдена',
  calleeRejected: 'Собеседник отклонил вызов',
  calleeMissed: 'Собеседник не ответил на вызов',
  callerCancelled: 'Собеседник отменил вызов',
  partnerEnded: 'Собеседник завершил тренировку',
  partnerLeft: 'Собеседник отключился',
  missedCall: 'Вы пропустили вызов, готовность принимать вызовы выключена',
  searchTimeout: 'Собеседник не найден. Попробуйте позже',
  waitingPeer: 'Ожидаем подключения собеседника',
  badFrame: 'Некорректное сообщение',
  tooBig: 'Слишком большое сообщение',
  noSession: 'Нет активной тренировки для этого соединения',
} as const;
