import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresSchema, testDialects } from '../../../tests/helpers/server';
import { takeQuestionSeq } from '../../domains/assistant/history';
import { migrateTo, migrateToLatest, openDatabase, type OpenedDb } from '../index';

async function openEmpty(dialect: string): Promise<{ opened: OpenedDb; drop: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const created = await createPostgresSchema();
    const opened = openDatabase(process.env.TEST_DATABASE_URL!, { searchPath: created.schema });
    return { opened, drop: created.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'enot-0102-'));
  return { opened: openDatabase(`sqlite:${join(dir, 'test.db')}`), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each(testDialects)('migration 0102 (chat message ids) on %s', (dialect) => {
  it('continues each existing history after its newest id', async () => {
    const { opened, drop } = await openEmpty(dialect);
    try {
      const { db } = opened;
      await migrateTo(db, '0095-train-signs');
      const users = await db.insertInto('users').values([{ user_type: 'student', created_at: 1, updated_at: 1 }, { user_type: 'student', created_at: 1, updated_at: 1 }]).returning('id').execute();
      const [first, second] = users.map((user) => user.id) as [number, number];
      const message = (user_id: number, bot: string, seq: number) => ({ user_id, bot, seq, its_bot: seq % 2 === 0 ? 1 : 0, created_at: 1, updated_at: 1 });
      await db.insertInto('bot_messages').values([message(first, 'botTheory', 7), message(first, 'botTheory', 8), message(first, 'botConsultantKurs', 2), message(second, 'botTheory', 4)]).execute();

      await migrateToLatest(db);

      const seqs = await db.selectFrom('bot_message_seqs').selectAll().orderBy('user_id').orderBy('bot').execute();
      expect(seqs).toEqual([
        { user_id: first, bot: 'botConsultantKurs', last_seq: 2 },
        { user_id: first, bot: 'botTheory', last_seq: 8 },
        { user_id: second, bot: 'botTheory', last_seq: 4 },
      ]);
      expect(await takeQuestionSeq(db, first, 'botTheory')).toBe(9);
      expect(await takeQuestionSeq(db, second, 'botConsultantKurs')).toBe(1);
    } finally {
      await opened.close();
      await drop();
    }
  });
});
