import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { checkSignedCaller } from '../auth/signed-caller';
import { clientIp } from '../contract/request-chain';
import { isOutage } from '../contract/unavailable';
import type { Services } from '../services';
import { CLOSE_BAD_REQUEST, CLOSE_SIGNED_OUT } from './envelope';

/** What a socket route gets once its signed query checked out. */
export interface SocketCaller {
  userId: number;
  device: string;
  ip: string;
  userAgent: string;
}

export type SocketRoute = (ws: WebSocket, caller: SocketCaller) => void;

const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * Handles websocket upgrades for the given paths. Each socket signs `{device, ts}` for its path
 * (query `device`, `ts`, `signature`); a refused socket is opened and closed at once with
 * 4401 (signed out) or 4400 (re-sign and retry), since browsers cannot read an HTTP refusal.
 */
export function attachSockets(server: Server, services: Services, routes: Record<string, SocketRoute>): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = routes[url.pathname];
    if (!route) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const payload = {
      device: url.searchParams.get('device') ?? undefined,
      ts: Number(url.searchParams.get('ts')),
      signature: url.searchParams.get('signature') ?? undefined,
    };
    const headers = new Headers();
    const forwarded = request.headers['x-forwarded-for'];
    if (typeof forwarded === 'string') headers.set('x-forwarded-for', forwarded);
    const ip = clientIp(services, headers, request.socket.remoteAddress);
    const userAgent = request.headers['user-agent'] ?? '';
    void (async () => {
      // The same signed-caller check as every HTTP route (auth/signed-caller.ts).
      const check = await checkSignedCaller(services, url.pathname, payload);
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (!check.ok) {
          const code = check.code === '0' ? CLOSE_BAD_REQUEST : CLOSE_SIGNED_OUT;
          services.log.info(`socket ${url.pathname} refused ${code}`);
          ws.close(code, code === CLOSE_SIGNED_OUT ? 'signed out' : 'bad signature time');
          return;
        }
        services.log.info(`socket ${url.pathname} user=${check.user.id} connected`);
        route(ws, { userId: check.user.id, device: check.session.device, ip, userAgent });
      });
    })().catch((error: unknown) => {
      // An outage is logged once by the health tracker; the client retries its connection later.
      if (isOutage(services.health, error)) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        return;
      }
      services.log.error('socket upgrade failed', error);
      socket.destroy();
    });
  });
  return wss;
}
