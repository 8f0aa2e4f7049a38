import type { Hono } from 'hono';
import type { AppEnv } from '../contract/http-router';
import { MESSAGES } from '../contract/errors';
import type { DependencyHealth } from './dependency-health';

/**
 * `/healthz`: liveness — the process serves requests (it does not ask the database, so an
 * orchestrator never restarts a healthy process because PostgreSQL is away).
 * `/readyz`: readiness — 200 when the database (SELECT 1) and Redis (PING, if configured) answer
 * within a short timeout and the storage and SQLite disks have DISK_FREE_MIN_MB free, else 503
 * naming what is down (`down`) or short of space (`disk`), so a balancer stops sending traffic.
 */
export function mountHealthRoutes(app: Hono<AppEnv>, health: DependencyHealth, lowDisks: () => Promise<string[]>): void {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const [{ ready, down }, disk] = await Promise.all([health.readiness(), lowDisks()]);
    if (ready && disk.length === 0) return c.json({ ok: true });
    if (disk.length === 0) return c.json({ ok: false, message: MESSAGES.unavailable, down }, 503);
    return c.json({ ok: false, message: ready ? MESSAGES.diskFull : MESSAGES.unavailable, down, disk }, 503);
  });
}
