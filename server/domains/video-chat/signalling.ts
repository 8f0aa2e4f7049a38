import type { WebSocket } from 'ws';
import {
  MAX_SIGNAL_DATA_CHARS,
  signalClientFrame,
  signallingSocket,
  updateTrainInfo,
  VERBAL_CHAT_TEXTS as T,
  type SignalServerFrame,
  type TrainInfo,
} from '../../../src/shared/contract/video-chat';
import { accessAllowed, loadCurrentUser } from '../../auth/current-user';
import { parseBoundedJson } from '../../contract/bounded-json';
import type { Bus } from '../../live/bus';
import type { Hub } from '../../live/hub';
import type { SocketCaller } from '../../live/sockets';
import { logUnlessOutage } from '../../contract/unavailable';
import type { Services } from '../../services';
import type { VerbalChatRuntime } from '../../signalling/verbal-chat-runtime';
import { FrameBudget, NoticeGate } from '../../live/frame-limits';
import { activeSessionOf, endSession, expireStale, userWentOffline } from './matchmaking';

/** Close codes of the signalling socket: no training for this user / the training ended / a newer socket took over. */
export const CLOSE_NO_SESSION = 4403;
export const CLOSE_SESSION_ENDED = 4000;
export const CLOSE_REPLACED = 4409;
const SWEEP_INTERVAL_MS = 5_000;

interface Peer {
  ws: WebSocket;
  userId: number;
  sessionId: number;
  otherId: number;
  frames: FrameBudget;
  notices: NoticeGate;
}

type BusMessage =
  | { kind: 'train-info'; userId: number; trainInfo: TrainInfo }
  | { kind: 'signal'; sessionId: number; toUserId: number; frame: SignalServerFrame }
  | { kind: 'hello'; sessionId: number; fromUserId: number }
  | { kind: 'ended'; sessionId: number };

const TOPIC = 'verbal-chat';

/**
 * The signalling relay of shell §7.4 plus the cross-instance delivery the matchmaking needs. A
 * socket is bound at connect to the caller's own active session (from the database), so frames go
 * only to the other peer of that session, wherever its socket is: through the bus, like pushes.
 */
export class VerbalChatRelay implements VerbalChatRuntime {
  /** sessionId → userId → this instance's socket of that peer. */
  private readonly peers = new Map<number, Map<number, Peer>>();
  private readonly sweeper: NodeJS.Timeout;
  /** Set at shutdown: sockets closing after it must not touch the database being closed. */
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly bus: Bus,
    private readonly hub: Hub,
  ) {
    bus.subscribe(TOPIC, (message) => this.onBus(message as BusMessage));
    hub.onDisconnect((connection) => {
      if (this.stopped || hub.hasUser(connection.userId)) return;
      void userWentOffline(services, connection.userId).catch((error: unknown) => logUnlessOutage(services, 'verbal chat offline cleanup failed', error));
    });
    this.sweeper = setInterval(() => {
      void expireStale(services).catch((error: unknown) => logUnlessOutage(services, 'verbal chat sweep failed', error));
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async sendTrainInfo(userId: number, trainInfo: TrainInfo): Promise<void> {
    await this.bus.publish(TOPIC, { kind: 'train-info', userId, trainInfo } satisfies BusMessage);
  }

  async closeSignalling(sessionId: number): Promise<void> {
    await this.bus.publish(TOPIC, { kind: 'ended', sessionId } satisfies BusMessage);
  }

  /** The socket route: checks the rule and the session, then relays. */
  attach(ws: WebSocket, caller: SocketCaller): void {
    // Frames that arrive while the session is looked up are held, not dropped.
    const early: string[] = [];
    let peer: Peer | undefined;
    let closed = false;
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      if (!peer) {
        if (text !== null && early.length < 100) early.push(text);
        return;
      }
      this.onFrame(peer, text);
    });
    ws.on('close', () => {
      closed = true;
      if (peer) this.detach(peer);
    });
    ws.on('error', () => ws.terminate());
    void (async () => {
      const { db, clock } = this.services;
      const user = await loadCurrentUser(db, caller.userId, clock.now());
      const allowed = user ? await accessAllowed(signallingSocket.access, user, await this.services.iconRules.get()) : false;
      const session = allowed ? await activeSessionOf(db, caller.userId) : undefined;
      if (closed) return;
      if (!session) {
        send(ws, { success: '30', message: T.noSession });
        ws.close(CLOSE_NO_SESSION, 'no session');
        return;
      }
      peer = {
        ws,
        userId: caller.userId,
        sessionId: session.id,
        otherId: session.initiator_id === caller.userId ? session.callee_id : session.initiator_id,
        frames: new FrameBudget(),
        notices: new NoticeGate(),
      };
      const room = this.peers.get(session.id) ?? new Map<number, Peer>();
      this.peers.set(session.id, room);
      const previous = room.get(caller.userId);
      room.set(caller.userId, peer);
      if (previous) previous.ws.close(CLOSE_REPLACED, 'replaced');
      send(ws, { dataType: 'ROLE', data: { role: session.initiator_id === caller.userId ? 'initiator' : 'receiver' } });
      send(ws, { success: '30', message: T.waitingPeer });
      await this.bus.publish(TOPIC, { kind: 'hello', sessionId: session.id, fromUserId: caller.userId } satisfies BusMessage);
      for (const text of early.splice(0)) this.onFrame(peer, text);
    })().catch((error: unknown) => {
      logUnlessOutage(this.services, 'signalling attach failed', error);
      ws.close(1011, 'server error');
    });
  }

  private onFrame(peer: Peer, text: string | null): void {
    const now = Date.now();
    // Every refusal goes through the peer's notice gate: at most one notice a second.
    const refuse = (message: string) => {
      if (peer.notices.allows(now)) send(peer.ws, { success: '0', message });
    };
    if (!peer.frames.take(now)) return refuse(T.tooBig);
    if (text === null) return refuse(T.badFrame);
    if (text.length > MAX_SIGNAL_DATA_CHARS) return refuse(T.tooBig);
    // Bounded like every JSON input: a frame nested 100,000 levels is refused before it is parsed.
    const parsed = parseBoundedJson(text);
    if (!parsed.ok) return refuse(parsed.message ?? T.badFrame);
    const frame = signalClientFrame.safeParse(parsed.value);
    if (!frame.success) return refuse(T.badFrame);
    const { dataType, data } = frame.data;
    // Nothing to relay: the peer's own trickle ends with its last candidate.
    if (dataType === 'FINISH_SEND_ICE_CANDIDATES') return;
    void this.bus
      .publish(TOPIC, { kind: 'signal', sessionId: peer.sessionId, toUserId: peer.otherId, frame: { dataType, data: data ?? null } } satisfies BusMessage)
      .catch((error: unknown) => logUnlessOutage(this.services, 'signal relay failed', error));
  }

  private detach(peer: Peer): void {
    const room = this.peers.get(peer.sessionId);
    if (this.stopped || room?.get(peer.userId) !== peer) return;
    room.delete(peer.userId);
    if (room.size === 0) this.peers.delete(peer.sessionId);
    // A peer that drops out of a running training ends it (shell §4.2); ending twice is harmless.
    void endSession(this.services, peer.sessionId, peer.userId, T.partnerLeft).catch((error: unknown) =>
      logUnlessOutage(this.services, 'verbal chat end on signalling close failed', error),
    );
  }

  private onBus(message: BusMessage): void {
    switch (message.kind) {
      case 'train-info':
        for (const connection of this.hub.connectionsOf(message.userId)) {
          void this.hub.requestLocal(connection, updateTrainInfo.path, { trainInfo: message.trainInfo });
        }
        return;
      case 'signal': {
        const peer = this.peers.get(message.sessionId)?.get(message.toUserId);
        if (peer) send(peer.ws, message.frame);
        return;
      }
      case 'hello': {
        // The other peer is here: both may start negotiating. The newcomer learns it through the bus.
        const here = this.peers.get(message.sessionId);
        const waiting = [...(here?.values() ?? [])].find((peer) => peer.userId !== message.fromUserId);
        if (!waiting) return;
        send(waiting.ws, { dataType: 'READY', data: {} });
        void this.bus
          .publish(TOPIC, { kind: 'signal', sessionId: message.sessionId, toUserId: message.fromUserId, frame: { dataType: 'READY', data: {} } } satisfies BusMessage)
          .catch((error: unknown) => logUnlessOutage(this.services, 'signal relay failed', error));
        return;
      }
      case 'ended': {
        const room = this.peers.get(message.sessionId);
        if (!room) return;
        this.peers.delete(message.sessionId);
        for (const peer of room.values()) peer.ws.close(CLOSE_SESSION_ENDED, 'session ended');
        return;
      }
    }
  }

  close(): void {
    this.stopped = true;
    clearInterval(this.sweeper);
    for (const room of this.peers.values()) for (const peer of room.values()) peer.ws.close(1001, 'server shutdown');
    this.peers.clear();
  }
}

function send(ws: WebSocket, frame: SignalServerFrame): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}
