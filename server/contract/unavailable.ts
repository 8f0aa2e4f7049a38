import type { Dependency } from '../health/dependency-health';
import type { DependencyHealth } from '../health/dependency-health';
import type { Logger } from '../log';

/** Connection-level system errors: the peer is not there (pg surfaces them as is). */
const SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs of a server going away: 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up / shutting down), and class 08 (connection exception).
 */
const PG_SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);

/** Messages pg throws when its connection is gone (no code attached). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** Messages ioredis rejects commands with while it has no connection. */
const REDIS_CONNECTION_MESSAGES = ['Connection is closed.', "Stream isn't writeable", 'Reached the max retries per request limit'];

function errorCode(error: Error): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Which dependency a thrown error says is unreachable, or undefined for any other error (a bug,
 * bad data: those stay 500s). Raw system codes are attributed to PostgreSQL: ioredis never lets
 * them reach a command (it reconnects and rejects with its own errors), and HTTP providers throw
 * fetch's TypeError instead.
 */
export function unavailableDependency(error: unknown): Dependency | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'MaxRetriesPerRequestError' || REDIS_CONNECTION_MESSAGES.some((text) => error.message.startsWith(text))) return 'Redis';
  const code = errorCode(error);
  if (code && (SYSTEM_CODES.has(code) || PG_SHUTDOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return 'PostgreSQL';
  if (PG_CONNECTION_MESSAGES.some((text) => error.message.startsWith(text))) return 'PostgreSQL';
  return undefined;
}

/**
 * True when the call failed because PostgreSQL or Redis is unreachable: the caller answers 503
 * with MESSAGES.unavailable, and the outage is logged once by the health tracker, not per call.
 */
export function isOutage(health: DependencyHealth, error: unknown): boolean {
  const dependency = unavailableDependency(error);
  // A connection error on an installation without that dependency is someone else's (a bug): a 500.
  if (!dependency || !health.uses(dependency)) return false;
  health.failed(dependency, error);
  return true;
}

/**
 * For background work (job polls, sweeps): an outage goes to the health tracker (one line per
 * outage), anything else is logged as an error as before.
 */
export function logUnlessOutage(services: { health: DependencyHealth; log: Logger }, message: string, error: unknown): void {
  if (!isOutage(services.health, error)) services.log.error(message, error);
}
