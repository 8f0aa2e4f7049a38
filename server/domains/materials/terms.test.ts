import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../../src/shared/contract';
import { TERM_NOT_FOUND } from '../../../src/shared/contract/materials';
import type { TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { normalizeTermName } from '../../search/term-names';

const call = materials.getTerminDefinitionByName;

describe('normalizeTermName', () => {
  it('lower-cases, turns ё into е, trims and collapses spaces', () => {
    expect(normalizeTermName('  Социальная \t  МОБИЛЬНОСТЬ\n')).toBe('социальная мобильность');
    expect(normalizeTermName('Ёлка Всё')).toBe('елка все');
  });
});

describe.each(testDialects)('term search on %s', (dialect) => {
  let server: TestServer;
  let student: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    student = await server.signIn('student');
  });
  afterAll(() => server.close());

  it('finds a term by its exact name with lesson and chapter', async () => {
    const found = await student.call(call, { terminName: 'Инфляция' });
    expect(found).toMatchObject({ terminName: 'Инфляция', lessonNum: 4, chapter: 'Экономика' });
    expect(found.definition).toMatch(/повышение общего уровня цен/);
  });

  it('ignores case, ё/е and extra spaces', async () => {
    const found = await student.call(call, { terminName: '  СОЦИАЛЬНАЯ   мобильность ' });
    expect(found.terminName).toBe('Социальная мобильность');
    // No seeded name has ё, so add one and look it up spelled both ways.
    await server.server.services.db
      .insertInto('terms')
      .values({ name: 'Твёрдый тест', name_normalized: normalizeTermName('Твёрдый тест'), definition: 'Проверка ё.', lesson_num: 1, chapter: 'Человек и общество', created_at: 0, updated_at: 0 })
      .execute();
    expect((await student.call(call, { terminName: 'твердый ТЕСТ' })).terminName).toBe('Твёрдый тест');
    expect((await student.call(call, { terminName: 'твёрдый тест' })).terminName).toBe('Твёрдый тест');
  });

  it('falls back to the shortest term starting with the query', async () => {
    expect((await student.call(call, { terminName: 'прав' })).terminName).toBe('Право');
    expect((await student.call(call, { terminName: 'правово' })).terminName).toBe('Правовое государство');
    expect((await student.call(call, { terminName: 'Валовой' })).terminName).toBe('Валовой внутренний продукт (ВВП)');
    // An exact name wins over shorter prefix matches.
    expect((await student.call(call, { terminName: 'Политическая партия' })).terminName).toBe('Политическая партия');
  });

  it("answers '0' with 'Определение не найдено' when nothing matches, wildcards taken literally", async () => {
    for (const terminName of ['абракадабра', '%', 'прав_', 'инфляцияя']) {
      const reply = await student.callRaw(call, { terminName });
      expect(reply.body).toEqual({ success: '0', message: TERM_NOT_FOUND });
    }
    expect(TERM_NOT_FOUND).toBe('Определение не найдено');
  });

  it('validates terminName: required, 1..100 characters', async () => {
    expect((await student.callRaw(call, {})).body.message).toMatch(/^Поле "terminName"/);
    expect((await student.callRaw(call, { terminName: '   ' })).body).toEqual({ success: '0', message: 'Поле "terminName": не заполнено' });
    expect((await student.callRaw(call, { terminName: 'а'.repeat(101) })).body).toEqual({
      success: '0',
      message: 'Поле "terminName": не длиннее 100 символов',
    });
    expect((await student.callRaw(call, { terminName: 42 })).body.success).toBe('0');
  });

  it("refuses an inactive user by the searchTermin icon rule and lets other students in", async () => {
    const inactive = await server.signIn('inactive');
    const refused = await inactive.callRaw(call, { terminName: 'Инфляция' });
    expect(refused.body.success).not.toBe('1');
    expect(refused.body).not.toHaveProperty('definition');
    expect((await (await server.signIn('sofia')).call(call, { terminName: 'Спрос' })).lessonNum).toBe(3);
  });
});
