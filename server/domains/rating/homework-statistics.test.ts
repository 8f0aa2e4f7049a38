import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rating } from '../../../src/shared/contract';
import { percentColorOf } from '../../../src/shared/contract/rating';
import { secondaryScore } from '../../../src/shared/domain/exam-scale';
import { setHomeworkProgress } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe('percentColorOf', () => {
  it('follows the bands of shell §9', () => {
    expect([0, 49.9, 50, 79.9, 80, 100].map(percentColorOf)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
  });
});

describe.each(testDialects)('homework statistics on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it("lists the student's scored homework with points and colour bands", async () => {
    const socket = await (await server.signIn('student')).openLive();
    const { dzStatistics } = await socket.request(rating.getDzStatistics, { type: 'all' });
    // Seeded: homework 1 and 2 scored (parts 1 and 2), homework 3 running, not scored.
    const rows = await server.server.services.db
      .selectFrom('user_homeworks')
      .innerJoin('homeworks', 'homeworks.num', 'user_homeworks.ht_num')
      .innerJoin('users', 'users.id', 'user_homeworks.user_id')
      .select(['homeworks.num', 'homeworks.p1_max', 'homeworks.p2_max', 'user_homeworks.points_p1', 'user_homeworks.points_p2'])
      .where('users.login', '=', 'student')
      .where('user_homeworks.is_dop', '=', 0)
      .where('user_homeworks.points_p1', 'is not', null)
      .orderBy('homeworks.num')
      .execute();
    expect(rows.map((row) => row.num)).toEqual([1, 2]);
    expect(dzStatistics).toEqual(
      rows.map((row) => {
        const primary = row.points_p1! + row.points_p2!;
        const max = row.p1_max + row.p2_max;
        return { dzNum: row.num, primaryBall: primary, maxBall: max, secondaryBall: null, isProbnik: '0', color: percentColorOf((primary / max) * 100) };
      }),
    );
    expect((await socket.request(rating.getDzStatistics, { type: 'probnik' })).dzStatistics).toEqual([]);
    socket.close();
  });

  it('scores a mock exam on the 100-point scale and counts only scored parts', async () => {
    await setHomeworkProgress(server, 'maxim', 10, { p1: { status: 'Готово', points: 12 }, p2: { status: 'Выполняется' } });
    const socket = await (await server.signIn('maxim')).openLive();
    const { dzStatistics } = await socket.request(rating.getDzStatistics, { type: 'probnik' });
    expect(dzStatistics).toEqual([{ dzNum: 10, primaryBall: 12, maxBall: 28, secondaryBall: secondaryScore(12), isProbnik: '1', color: 'red' }]);
    socket.close();
  });

  it("refuses an unknown type with '0' and the field's reason", async () => {
    const socket = await (await server.signIn('student')).openLive();
    const reply = await socket.requestRaw(rating.getDzStatistics.path, { type: 'everything' });
    expect(reply.success).toBe('0');
    expect(reply.message).toMatch(/type/);
    socket.close();
  });
});
