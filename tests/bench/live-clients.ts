/**
 * One client process of `npm run bench:live` (started by live.ts with a raised open-file limit and
 * an IPC channel): holds its share of the signed live sockets and reports when each received the
 * watched `/app_general/update_icons` push. Times are CLOCK_MONOTONIC milliseconds
 * (process.hrtime), which every process on the machine shares, so live.ts can compare them with
 * the moment it sent the admin call.
 */
import { WebSocket } from 'ws';
import { updateIcons } from '../../src/shared/contract/shell';
import { signSocketQuery } from '../../src/shared/signing';
import { monotonicMs, type ClientCommand, type ClientReport } from './live-protocol';
import { nodeHmac } from './kit';

const SOCKET_PATH = '/go/online/ws';
const INITIAL_PUSH_TIMEOUT_MS = 60_000;

interface Client {
  ws: WebSocket;
  /** Whether any update_icons push arrived (the server sends one on connect). */
  initial: boolean;
  /** When the watched push arrived, or undefined. */
  receivedAt?: number;
}

const clients: Client[] = [];
let watch: { icon: string; value: string } | undefined;

function report(message: ClientReport): void {
  process.send!(message);
}

function onMessage(client: Client, data: WebSocket.RawData): void {
  const at = monotonicMs();
  let message: { method?: string; body?: { icons?: Record<string, string> } };
  try {
    message = JSON.parse(data.toString()) as typeof message;
  } catch {
    return;
  }
  if (message.method !== updateIcons.path) return;
  // The push on connect carries the old value, so it never counts as the watched one.
  if (watch && client.receivedAt === undefined && message.body?.icons?.[watch.icon] === watch.value) client.receivedAt = at;
  client.initial = true;
}

async function open(url: string, session: { token: string; device: string }): Promise<Client> {
  const query = await signSocketQuery(SOCKET_PATH, session, Date.now(), nodeHmac);
  const target = new URL(SOCKET_PATH, url.replace(/^http/, 'ws'));
  target.searchParams.set('device', query.device);
  target.searchParams.set('ts', String(query.ts));
  target.searchParams.set('signature', query.signature);
  const ws = new WebSocket(target, { perMessageDeflate: false });
  const client: Client = { ws, initial: false };
  ws.on('message', (data) => onMessage(client, data));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`closed with ${code} before opening`)));
  });
  return client;
}

async function connect(command: Extract<ClientCommand, { kind: 'connect' }>): Promise<void> {
  const started = monotonicMs();
  let failed = 0;
  let firstError: string | undefined;
  let next = 0;
  // A bounded number of handshakes in flight, like clients arriving over a few seconds.
  const opener = async () => {
    while (next < command.sessions.length) {
      const session = command.sessions[next++]!;
      try {
        clients.push(await open(command.url, session));
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: command.inFlight }, opener));
  const openedAt = monotonicMs();
  const deadline = Date.now() + INITIAL_PUSH_TIMEOUT_MS;
  while (clients.some((client) => !client.initial) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  report({
    kind: 'connected',
    opened: clients.filter((client) => client.ws.readyState === WebSocket.OPEN).length,
    failed,
    firstError,
    initialPushes: clients.filter((client) => client.initial).length,
    connectMs: openedAt - started,
    initialPushMs: monotonicMs() - started,
  });
}

async function collect(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (clients.some((client) => client.receivedAt === undefined) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  report({
    kind: 'deliveries',
    receivedAt: clients.flatMap((client) => (client.receivedAt === undefined ? [] : [client.receivedAt])),
    expected: clients.length,
    stillOpen: clients.filter((client) => client.ws.readyState === WebSocket.OPEN).length,
  });
}

process.on('message', (command: ClientCommand) => {
  const run = async () => {
    switch (command.kind) {
      case 'connect':
        return connect(command);
      case 'watch':
        watch = { icon: command.icon, value: command.value };
        return report({ kind: 'watching' });
      case 'collect':
        return collect(command.timeoutMs);
      case 'close':
        for (const client of clients) client.ws.terminate();
        process.disconnect();
        return;
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`live client failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
});
