import { createHmac } from 'node:crypto';
import { type Agent, request } from 'node:http';
import type { HmacHex } from '../../src/shared/signing';
import { buildServerBundle } from '../helpers/process';

/** Pieces every benchmark in tests/bench uses: settings, signing in Node, one POST, percentiles. */

export const nodeHmac: HmacHex = (key, message) => createHmac('sha256', key).update(message).digest('hex');

/**
 * The server the benchmarks measure: by default the bundle `npm start` runs (out/server, built here
 * when stale), since a school's server runs no TypeScript loader; BENCH_SERVER=source measures tsx
 * on the sources instead, to compare the two.
 */
export function benchServerEntry(): 'source' | 'bundle' {
  const entry = process.env.BENCH_SERVER || 'bundle';
  if (entry !== 'source' && entry !== 'bundle') throw new Error(`BENCH_SERVER must be source or bundle, got ${JSON.stringify(entry)}`);
  if (entry === 'bundle') buildServerBundle();
  return entry;
}

/** Rounding for reports: one, two or three decimals. */
export const round1 = (value: number) => Math.round(value * 10) / 10;
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** A positive integer from the environment, or the fallback when unset. */
export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

/** The p-th percentile (nearest rank) of ascending samples; NaN for none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export interface PostReply {
  status: number;
  text: string;
  /** performance.now() when the request went out and when its answer ended. */
  sentAt: number;
  doneAt: number;
}

/** One JSON POST over a keep-alive agent, as the benchmarks send them. */
export function postJson(agent: Agent, url: URL, path: string, body: Buffer): Promise<PostReply> {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-client': 'enot-bench' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), sentAt, doneAt: performance.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Whether a reply is HTTP 200 with envelope success '1'. */
export function succeeded(reply: { status: number; text: string }): boolean {
  if (reply.status !== 200) return false;
  try {
    return (JSON.parse(reply.text) as { success?: unknown }).success === '1';
  } catch {
    return false;
  }
}
