import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { localSignIn } from '../../src/shared/contract/auth';
import type { Logger } from '../log';
import type { Services } from '../services';
import { dataExceptionCode } from './data-exception';
import type { Implementation } from './implement';
import { runCall } from './pipeline';

describe('dataExceptionCode', () => {
  it('knows SQLSTATE class 22 and nothing else', () => {
    for (const code of ['22P05', '22003', '22021', '22P02', '22007']) expect(dataExceptionCode(Object.assign(new Error('x'), { code }))).toBe(code);
    for (const error of [new Error('x'), Object.assign(new Error('x'), { code: '23505' }), Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT' }), { code: 22003 }, null, 'text']) {
      expect(dataExceptionCode(error)).toBeNull();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('reads the code of what PostgreSQL really raises for NUL and int32 overflow', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const raised = async (sql: string, value: unknown) => client.query(sql, [value]).then(() => null, (error: unknown) => error);
      expect(dataExceptionCode(await raised('SELECT $1::text', 'a\u0000b'))).toBe('22021');
      expect(dataExceptionCode(await raised('SELECT $1::integer', 2 ** 31))).toBe('22003');
      expect(dataExceptionCode(await raised('SELECT $1::integer', '1e308'))).toMatch(/^22/);
    } finally {
      await client.end();
    }
  });
});

describe('runCall', () => {
  const lines: string[] = [];
  const log: Logger = { debug: () => {}, info: () => {}, warn: (line) => lines.push(line), error: (line) => lines.push(line) };
  // Only what runCall reads for a public call; the rest of Services is not touched here.
  const services = { config: { VALIDATE_OUTPUT: false }, log } as unknown as Services;
  const throwing = (error: unknown): Implementation => ({ contract: localSignIn, handler: async () => Promise.reject(error) });
  const ctx = { services, user: null, session: null, request: { transport: 'http' as const, ip: '127.0.0.1', userAgent: 'test' } };
  const input = { login: 'a', password: 'b' };

  it('answers a database data exception as bad input (400, Russian), with one log line', async () => {
    lines.length = 0;
    const result = await runCall(throwing(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })), ctx, input);
    expect(result).toEqual({ status: 400, outcome: 'invalid', body: { success: '0', message: 'Некорректные данные запроса.' } });
    expect(lines).toEqual(['/app/api/auth/local_sign_in.php: the database refused the input as data (SQLSTATE 22021)']);
  });

  it('keeps any other error an internal error', async () => {
    const result = await runCall(throwing(Object.assign(new Error('duplicate key'), { code: '23505' })), ctx, input);
    expect(result.status).toBe(500);
  });
});
