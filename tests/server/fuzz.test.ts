import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allContracts, type CallContract } from '../../src/shared/contract';
import type { Logger } from '../../server/log';
import { snapshotDatabase } from '../helpers/db-snapshot';
import { hostileCases, mustBeRefused, validSample } from '../helpers/hostile-inputs';
import type { LiveTestSocket, TestClient } from '../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

const calls = allContracts.filter((contract): contract is CallContract => contract.kind === 'http' || contract.kind === 'live');

/** Envelope codes a hostile call may get: refused, done, or signed out by what it did. */
const HOSTILE_REPLY_CODES = ['0', '1', '-1'];
/** The internal-error text: on the live socket it is how a 500 shows. */
const INTERNAL_ERROR = 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.';
/** Contracts the sampler cannot build a valid input for (a pattern or refinement it cannot guess). */
const MAX_UNSAMPLED = 5;

/** Values of the wrong kind for almost any field; only those the schema really rejects are sent. */
const WRONG_VALUES: unknown[] = [{ nested: [1, { deeper: null }] }, 'не то значение', -123456789, true, null, [], 'я'.repeat(100_000)];
/** Bodies that are not a JSON object at all. */
const NOT_OBJECTS = ['{', '[]', '"строка"', '42', 'null', '{"a":'];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const candidate = schema as unknown as { shape?: Record<string, z.ZodType>; def?: { in?: z.ZodType } };
  if (candidate.shape) return candidate.shape;
  return candidate.def?.in ? shapeOf(candidate.def.in) : {};
}

/** Inputs that break one field at a time, each checked to be rejected by the contract's own schema. */
function malformedInputs(contract: CallContract): Array<{ badFields: string[]; input: Record<string, unknown> }> {
  const cases: Array<{ badFields: string[]; input: Record<string, unknown> }> = [];
  for (const field of Object.keys(shapeOf(contract.input))) {
    for (const value of WRONG_VALUES) {
      const input = { [field]: value };
      const parsed = contract.input.safeParse(input);
      if (!parsed.success) cases.push({ input, badFields: parsed.error.issues.map((issue) => String(issue.path[0] ?? '')) });
    }
  }
  return cases;
}

/** The message names one of the fields the schema itself finds wrong. */
function expectFieldNamed(message: string, badFields: string[]): void {
  expect(message).toMatch(/^Поле "|^Некорректные данные/);
  if (message.startsWith('Поле "')) expect(badFields.some((field) => message.startsWith(`Поле "${field}`)), message).toBe(true);
}

/**
 * ARCHITECTURE §3 'fuzz': malformed payloads for every contract answer '0' with a message that
 * names the field, never a 5xx, never a crash, and leave the database exactly as it was.
 */
describe.each(testDialects)('fuzz every contract on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let socket: LiveTestSocket;

  /** Calls the database refused as data (the pipeline's safety net): the contracts must refuse them first. */
  const refusedByDatabase: string[] = [];
  const log: Logger = { debug() {}, info() {}, warn: (line) => void (line.includes('SQLSTATE') && refusedByDatabase.push(line)), error() {} };

  beforeAll(async () => {
    server = await startTestServer({ dialect, log });
    admin = await server.signIn('admin');
    socket = await admin.openLive();
  });
  afterAll(async () => {
    socket.close();
    await server.close();
  });

  it.each(calls.map((contract) => [`${contract.kind} ${contract.path}`, contract] as const))('%s', async (_name, contract) => {
    const before = await snapshotDatabase(server.server.services);
    const cases = malformedInputs(contract);
    for (const { badFields, input } of cases) {
      if (contract.kind === 'http') {
        const reply = contract.access.kind === 'public' ? await server.anonymous.post(contract.path, input) : await admin.callRaw(contract, input);
        expect(reply.status, JSON.stringify(input).slice(0, 200)).toBe(400);
        expect(reply.body.success).toBe('0');
        expectFieldNamed(reply.body.message, badFields);
      } else {
        const reply = await socket.requestRaw(contract.path, input);
        expect(reply.success, JSON.stringify(input).slice(0, 200)).toBe('0');
        expectFieldNamed(reply.message, badFields);
      }
    }
    for (const body of NOT_OBJECTS) {
      if (contract.kind === 'http') {
        const reply = await server.anonymous.post(contract.path, body);
        expect(reply.status).toBeLessThan(500);
        expect(['0', '-1']).toContain(reply.body.success);
      } else {
        const reply = await socket.requestRaw(contract.path, body);
        expect(reply.success).toBe('0');
      }
    }
    expect(await snapshotDatabase(server.server.services)).toBe(before);
  });

  describe('hostile values (NUL, lone surrogates, numbers past int32 / 2^53 / 1e308) in every field', () => {
    const tally = { sent: 0, serverErrors: 0, unsampled: [] as string[], codes: {} as Record<string, number>, passedSchema: 0 };
    afterAll(() => {
      // The figures the issue asks for: calls per dialect, 5xx among them (must stay 0).
      console.info(`hostile fuzz on ${dialect}: ${tally.sent} calls, ${tally.serverErrors} × 5xx, replies by success code ${JSON.stringify(tally.codes)}, ${tally.passedSchema} passed the schema and reached a handler, ${tally.unsampled.length} contracts without a valid sample`);
    });

    it.each(calls.map((contract) => [`${contract.kind} ${contract.path}`, contract] as const))('%s', async (_name, contract) => {
      const sample = validSample(contract);
      if ('skipped' in sample) tally.unsampled.push(`${contract.path}: ${sample.skipped}`);
      // Every wrong reply of the contract is listed at once (and counted) rather than stopping at the first.
      const wrong: string[] = [];
      for (const hostile of hostileCases(contract, 'input' in sample ? sample.input : undefined)) {
        tally.sent += 1;
        const reply = contract.kind === 'http'
          ? contract.access.kind === 'public' ? await server.anonymous.post(contract.path, hostile.input) : await admin.callRaw(contract, hostile.input)
          : { status: 200, body: await socket.requestRaw(contract.path, hostile.input) };
        const serverError = reply.status >= 500 || reply.body.message === INTERNAL_ERROR;
        if (serverError) tally.serverErrors += 1;
        tally.codes[reply.body.success] = (tally.codes[reply.body.success] ?? 0) + 1;
        if (!mustBeRefused(contract, hostile)) tally.passedSchema += 1;
        const refused = reply.body.success === '0' && (contract.kind === 'live' || reply.status === 400);
        if (serverError || !HOSTILE_REPLY_CODES.includes(reply.body.success) || (mustBeRefused(contract, hostile) && !refused)) {
          wrong.push(`${hostile.insideValid ? 'inside a valid input' : 'alone'} ${JSON.stringify(hostile.input).slice(0, 160)} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 160)}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('no hostile value got past a contract to be refused by the database', () => {
      expect(refusedByDatabase).toEqual([]);
    });

    it('builds a valid input for nearly every contract', () => {
      expect(tally.unsampled.length, tally.unsampled.join('\n')).toBeLessThanOrEqual(MAX_UNSAMPLED);
    });

    it('the server still answers', async () => {
      const reply = await server.anonymous.post('/app/api/auth/get_vk_id_config.php', {});
      expect(reply.status).toBe(200);
      expect(reply.body.success).toBe('1');
      expect((await socket.requestRaw('/users/check_sub_bot_tg', {})).success).toBe('1');
    });
  });

  it('survives garbage on the live socket and keeps answering', async () => {
    for (const garbage of ['not json', '[]', '{"messageType":"nope"}', '{"messageType":"requestWithResponse","method":42}', '{"messageType":"response","requestId":"x"}']) {
      socket.send(garbage);
    }
    const unknown = await socket.requestRaw('/no/such/method', {});
    expect(unknown).toEqual({ success: '0', message: 'Неизвестный метод.' });
    const reply = await socket.requestRaw('/users/check_sub_bot_tg', {});
    expect(reply.success).toBe('1');
  });

  it('every socket endpoint survives garbage frames and bad queries, and the server keeps answering', async () => {
    const { LiveTestSocket } = await import('../helpers/client');
    const sockets = allContracts.filter((contract) => contract.kind === 'socket');
    expect(sockets.length).toBeGreaterThan(1);
    for (const contract of sockets) {
      const base = `${server.url.replace('http', 'ws')}${contract.path}`;
      for (const query of ['', '?device=x&ts=abc&signature=zz', `?device=${'я'.repeat(500)}&ts=1&signature=`]) {
        const refused = await LiveTestSocket.open(base + query);
        expect([4400, 4401]).toContain(await refused.waitForClose());
      }
      const opened = await admin.openLive(contract.path);
      for (const garbage of ['not json', '[]', 'null', '{"dataType":42}', '{"messageType":"requestWithResponse"}', 'я'.repeat(200_000)]) opened.send(garbage);
      opened.ws.send(Buffer.from([0, 1, 2]), { binary: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      opened.close();
    }
    const reply = await socket.requestRaw('/users/check_sub_bot_tg', {});
    expect(reply.success).toBe('1');
  });

  it('refuses a body over 1 MB without parsing it', async () => {
    const reply = await server.anonymous.post('/app/api/auth/local_sign_in.php', JSON.stringify({ login: 'x'.repeat(1_100_000), password: 'y' }));
    expect(reply.status).toBe(413);
    expect(reply.body.success).toBe('0');
  });
});
