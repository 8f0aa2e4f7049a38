import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../../src/shared/contract';
import { expireDemo } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('get_user_info.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('returns the signed-in student profile with the ledger balance and curator', async () => {
    const student = await server.signIn('student');
    const { userInfo } = await student.call(account.getUserInfo, {});
    expect(userInfo).toMatchObject({
      user_surname: 'Смирнова',
      user_name: 'Алиса',
      user_otch: 'Игоревна',
      reg_name: 'Москва',
      user_bdate: '2008-03-14',
      user_type: 'Ученик',
      user_tarif_num: '2',
      user_tarif: '3500',
      curator_name: 'Дмитрий',
      curator_surname: 'Соколов',
      user_goal_ball: '90',
      goal_budzhet: '2',
    });
    // 5000 − 3500 + 3500 − 3500 from the seeded ledger.
    expect(userInfo.bn_balance).toBe('1500');
  });

  it('shows an expired demo as inactive', async () => {
    await expireDemo(server, 'demo');
    const demo = await server.signIn('demo');
    expect(demo.session?.userType).toBe('Неактивный');
    const { userInfo } = await demo.call(account.getUserInfo, {});
    expect(userInfo.user_type).toBe('Неактивный');
  });

  it('answers -1 without a session', async () => {
    const reply = await server.anonymous.post(account.getUserInfo.path, {});
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe('-1');
  });
});
