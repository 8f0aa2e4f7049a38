import SimplePeer from 'simple-peer/simplepeer.min.js';
import type { Instance, SignalData } from 'simple-peer';
import { roleFrame, signallingSocket, type IceServer, type SignalClientType } from '@shared/contract/video-chat';
import { createTimestampSource, signSocketQuery } from '@shared/signing';
import { ruVideoChat } from '../../i18n/video-chat';
import { apiBaseUrl } from '../../lib/api';
import { readSession } from '../../lib/session';

/** Shell §9: wait this long for the partner's media. */
export const REMOTE_MEDIA_TIMEOUT_MS = 10_000;

/** Shell §4.2 connection labels. */
export type ConnectionLabel = keyof typeof ruVideoChat.states;

export function connectionLabel(state: RTCPeerConnectionState | undefined): ConnectionLabel {
  return state === 'connected' || state === 'disconnected' || state === 'closed' || state === 'failed' ? state : 'unknown';
}

export interface PeerCallEvents {
  /** Both peers are on the channel: the screen goes to answering. */
  onReady(): void;
  onRemoteStream(stream: MediaStream): void;
  onConnectionState(label: ConnectionLabel): void;
  /** A '30' notice or a refused frame from the server. */
  onNotice(text: string, tone: 'info' | 'error'): void;
  /** The connection failed (or no media in 10 s): the screen shows §8.2 and ends in 5 s. */
  onFailure(reason: string): void;
}

const nextTs = createTimestampSource();

/**
 * One practice call: the signed signalling socket of shell §7.4 and a simple-peer connection.
 * The server says which side starts (ROLE) and when both are there (READY); offers, answers and
 * candidates go through it to the other peer only.
 */
export class PeerCall {
  private socket: WebSocket | null = null;
  private peer: Instance | null = null;
  private initiator = false;
  private closed = false;
  private mediaTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly localStream: MediaStream,
    private readonly iceServers: IceServer[],
    private readonly events: PeerCallEvents,
  ) {}

  async open(): Promise<void> {
    const session = readSession();
    if (!session) throw new Error(ruVideoChat.signallingRefused);
    const query = await signSocketQuery(signallingSocket.path, session, nextTs());
    const base = (apiBaseUrl() || window.location.origin).replace(/^http/, 'ws');
    const url = new URL(signallingSocket.path, base);
    url.searchParams.set('device', query.device);
    url.searchParams.set('ts', String(query.ts));
    url.searchParams.set('signature', query.signature);
    if (this.closed) return;
    const socket = new WebSocket(url.toString());
    this.socket = socket;
    socket.onmessage = (event) => this.onFrame(event.data);
    socket.onclose = (event) => {
      if (this.closed) return;
      // 4000: the training ended (the live push brings the cause); anything else is a failure.
      if (event.code !== 4000) this.fail(ruVideoChat.signallingRefused);
    };
  }

  private onFrame(raw: unknown): void {
    let frame: { dataType?: unknown; data?: unknown; success?: unknown; message?: unknown };
    try {
      frame = JSON.parse(String(raw)) as typeof frame;
    } catch {
      return;
    }
    if (typeof frame.success === 'string') {
      if (typeof frame.message === 'string' && frame.message) this.events.onNotice(frame.message, frame.success === '30' ? 'info' : 'error');
      return;
    }
    switch (frame.dataType) {
      case 'ROLE':
        this.initiator = roleFrame.data.safeParse(frame.data).data?.role === 'initiator';
        return;
      case 'READY':
        this.startPeer();
        return;
      case 'OFFER':
      case 'ANSWER':
      case 'ICE_CANDIDATE':
        if (frame.data && typeof frame.data === 'object') this.peer?.signal(frame.data as SignalData);
        return;
    }
  }

  private startPeer(): void {
    if (this.peer || this.closed) return;
    const peer = new SimplePeer({ initiator: this.initiator, stream: this.localStream, trickle: true, config: { iceServers: this.iceServers } });
    this.peer = peer;
    this.events.onReady();
    peer.on('signal', (data: SignalData) => {
      const dataType = data.type === 'offer' ? 'OFFER' : data.type === 'answer' ? 'ANSWER' : 'ICE_CANDIDATE';
      this.send(dataType, data);
    });
    peer.on('stream', (stream: MediaStream) => {
      clearTimeout(this.mediaTimer);
      this.events.onRemoteStream(stream);
    });
    peer.on('error', (error: Error) => this.fail(error.message || ruVideoChat.defaultPeerReason));
    peer.on('close', () => this.events.onConnectionState('closed'));
    const connection = (peer as unknown as { _pc?: RTCPeerConnection })._pc;
    connection?.addEventListener('connectionstatechange', () => {
      const label = connectionLabel(connection.connectionState);
      this.events.onConnectionState(label);
      if (label === 'failed') this.fail(ruVideoChat.defaultPeerReason);
    });
    connection?.addEventListener('icegatheringstatechange', () => {
      if (connection.iceGatheringState === 'complete') this.send('FINISH_SEND_ICE_CANDIDATES', {});
    });
    this.mediaTimer = setTimeout(() => this.fail(ruVideoChat.noRemoteMedia), REMOTE_MEDIA_TIMEOUT_MS);
  }

  private send(dataType: SignalClientType, data: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ dataType, data }));
  }

  private fail(reason: string): void {
    if (this.closed) return;
    clearTimeout(this.mediaTimer);
    this.events.onFailure(reason);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.mediaTimer);
    this.peer?.destroy();
    this.peer = null;
    this.socket?.close();
    this.socket = null;
  }
}
