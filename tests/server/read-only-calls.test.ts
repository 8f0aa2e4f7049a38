import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, allContracts } from '../../src/shared/contract';
import type { CallContract } from '../../src/shared/contract/core';
import { snapshotDatabase } from '../helpers/db-snapshot';
import { validSample } from '../helpers/hostile-inputs';
import type { TestClient } from '../helpers/client';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * Issue 37 item 7: a call the contract marks `readOnly` is not written to the replay cache (one
 * database write less per signed read), so it must really change nothing; every other call keeps
 * its signature recorded and a replay of it refused.
 */

const REPLAY = 'Повторный запрос отклонён. Повторите действие.';
const readOnly = allContracts.filter((contract): contract is CallContract => contract.kind === 'http' && contract.readOnly === true);

describe.each(testDialects)('read-only calls on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let student: TestClient;
  const services = () => server.server.services;
  const signatureRows = async (signature: unknown) =>
    (await services().db.selectFrom('kv_entries').select('key').where('key', '=', `sig:${String(signature)}`).execute()).length;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    student = await server.signIn('student');
  }, 60_000);
  afterAll(() => server?.close());

  it('marks the hot reads (get_user_info.php among them), all of them HTTP calls', () => {
    expect(readOnly.map((contract) => contract.path)).toContain(account.getUserInfo.path);
    expect(readOnly.length).toBeGreaterThanOrEqual(5);
  });

  it('each read-only call, by an admin and by a student with a valid input, leaves the database as it was', async () => {
    for (const contract of readOnly) {
      const sample = validSample(contract);
      const input = 'input' in sample ? sample.input : {};
      const before = await snapshotDatabase(services());
      for (const client of [admin, student]) {
        const reply = await client.callRaw(contract, input);
        expect(reply.status, contract.path).toBeLessThan(500);
      }
      expect(await snapshotDatabase(services()), contract.path).toBe(before);
    }
    // A whole-database snapshot per contract: slow on PostgreSQL under a busy machine.
  }, 240_000);

  it('a read is not recorded and its replay inside the window answers the same; a write is recorded and its replay refused', async () => {
    const read = await student.sign(account.getUserInfo.path, {});
    const first = await student.post(account.getUserInfo.path, read);
    expect(first.body.success).toBe('1');
    expect(await signatureRows(read.signature)).toBe(0);
    const replayed = await student.post(account.getUserInfo.path, read);
    expect(replayed).toEqual(first);

    const write = await student.sign(account.setGoals.path, { ballov: 71, goalBudzhet: '1', goalVuz: 'МГУ', studentOsob: 'один раз' });
    expect((await student.post(account.setGoals.path, write)).body.success).toBe('1');
    expect(await signatureRows(write.signature)).toBe(1);
    expect(await student.post(account.setGoals.path, write)).toEqual({ status: 400, body: { success: '0', message: REPLAY } });
  });
});
