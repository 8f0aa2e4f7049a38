import type { Hono } from 'hono';
import type { AppEnv } from '../contract/http-router';
import { MESSAGES } from '../contract/errors';
import type { DependencyHealth } from './dependency-health';

/**
 * `/healthz`: liveness — the process serves requests (it does not ask the database, so an
 * orchestrator never restarts a healthy process because PostgreSQL is away).
 * `/readyz`: readiness — 200 when the database (SELECT 1) and Redis (PING, if configured) answer
 * within a short timeout, else 503 naming what is down, so a balancer stops sending traffic.
 */
export function mountHealthRoutes(app: Hono<AppEnv>, health: DependencyHealth): void {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const { ready, down } = await health.readiness();
    if (ready) return c.json({ ok: true });
    return c.json({ ok: false, message: MESSAGES.unavailable, down }, 503);
  });
}
