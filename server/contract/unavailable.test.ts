import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/helpers/process';
import { DependencyHealth } from '../health/dependency-health';
import { connectRedis } from '../kv/redis-connection';
import { createLogger } from '../log';
import { isOutage, unavailableDependency } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('unavailableDependency', () => {
  it('names PostgreSQL for a server going away and for a connection that cannot be made', async () => {
    const refused = await new pg.Client({ host: '127.0.0.1', port: await freePort() }).connect().catch((error: unknown) => error);
    expect(unavailableDependency(refused)).toBe('PostgreSQL');
    expect(unavailableDependency(withCode('terminating connection due to administrator command', '57P01'))).toBe('PostgreSQL');
    expect(unavailableDependency(withCode('the database system is starting up', '57P03'))).toBe('PostgreSQL');
    expect(unavailableDependency(withCode('connection failure', '08006'))).toBe('PostgreSQL');
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'))).toBe('PostgreSQL');
  });

  it('names Redis for what ioredis rejects commands with while it has no connection', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const health = new DependencyHealth(createLogger('debug', (line) => lines.push(line)));
    const connection = connectRedis(`redis://127.0.0.1:${port}`, { name: 'test', health, failFast: true });
    try {
      // Nobody listens: the first command waits for the first connection, then fails (no unhandled 'error').
      const error = await connection.client.get('key').catch((failure: unknown) => failure);
      expect(unavailableDependency(error)).toBe('Redis');
      expect(health.isDown('Redis')).toBe(true);
      expect(lines.filter((line) => line.includes('Redis недоступен'))).toHaveLength(1);
    } finally {
      await connection.close();
      health.close();
    }
    expect(unavailableDependency(new Error('Connection is closed.'))).toBe('Redis');
    expect(unavailableDependency(Object.assign(new Error('Reached the max retries per request limit (which is 0).'), { name: 'MaxRetriesPerRequestError' }))).toBe('Redis');
  });

  it('leaves every other error alone (it stays a 500 and is logged)', () => {
    expect(unavailableDependency(withCode('duplicate key value violates unique constraint', '23505'))).toBeUndefined();
    expect(unavailableDependency(withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'))).toBeUndefined();
    expect(unavailableDependency(new TypeError('fetch failed'))).toBeUndefined();
    expect(unavailableDependency('Connection terminated')).toBeUndefined();
  });
});

describe('isOutage', () => {
  const health = new DependencyHealth(createLogger('silent'));
  afterAll(() => health.close());

  it('counts a dependency only where the server uses it', () => {
    const error = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    // A SQLite installation: a refused connection is somebody else's error.
    expect(isOutage(health, error)).toBe(false);
    health.watch('PostgreSQL', async () => 1);
    expect(isOutage(health, error)).toBe(true);
    expect(health.isDown('PostgreSQL')).toBe(true);
  });
});
