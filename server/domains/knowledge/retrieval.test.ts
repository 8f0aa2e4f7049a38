import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { DEMO_ORG_CHUNKS } from '../../db/seed/knowledge-org';
import { DEMO_COURSE } from '../../db/seed/demo-course-content';
import { retrieveChunks } from './retrieval';

/** Theory of the demo course package. */
const DEMO_THEORY_CHUNKS = DEMO_COURSE.theory;

interface Fixture {
  theory: { q: string; expect: string }[];
  org: { q: string; expect: string }[];
  nonsense: string[];
}

const fixture = JSON.parse(readFileSync(new URL('../../../tests/fixtures/assistant-questions.json', import.meta.url), 'utf8')) as Fixture;
/** Held out: written before tuning and never tuned on, so its figure says how the bot does on questions it has not seen. */
const heldOut = JSON.parse(readFileSync(new URL('../../../tests/fixtures/assistant-questions-untuned.json', import.meta.url), 'utf8')) as Pick<Fixture, 'theory' | 'nonsense'>;

/**
 * Retrieval quality on the demo base: each real-style student question of the fixture must find
 * its chunk among the first three the bot would quote (hit@3), and questions the base cannot
 * answer must find nothing (so the bot says 'не нашёл…' instead of quoting something unrelated).
 */
describe.each(testDialects)('assistant retrieval on %s', (dialect) => {
  let server: TestServer;
  let idOf: Map<string, number>;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const rows = await server.server.services.db.selectFrom('kb_published_chunks').select(['id', 'name']).execute();
    const byName = new Map(rows.map((row) => [row.name, row.id]));
    idOf = new Map([...DEMO_THEORY_CHUNKS, ...DEMO_ORG_CHUNKS].map((chunk) => [chunk.key, byName.get(chunk.name)!]));
  });
  afterAll(() => server.close());

  async function measure(items: { q: string; expect: string }[], kind: 'theory' | 'org') {
    let hit1 = 0;
    let hit3 = 0;
    const misses: string[] = [];
    for (const item of items) {
      const found = (await retrieveChunks(server.server.services.db, server.server.services.dialect, item.q, kind)).map((chunk) => chunk.chunkId);
      const expected = idOf.get(item.expect);
      expect(expected, item.expect).toBeDefined();
      if (found[0] === expected) hit1 += 1;
      if (found.slice(0, 3).includes(expected!)) hit3 += 1;
      else misses.push(`${item.q} → ${item.expect}`);
    }
    return { hit1: hit1 / items.length, hit3: hit3 / items.length, misses };
  }

  it(`finds the right theory chunk in the top 3 for at least 80% of ${fixture.theory.length} questions`, async () => {
    const result = await measure(fixture.theory, 'theory');
    console.log(`[${dialect}] theory: hit@1 ${result.hit1.toFixed(3)}, hit@3 ${result.hit3.toFixed(3)} over ${fixture.theory.length}; misses: ${result.misses.join(' | ') || 'none'}`);
    expect(fixture.theory.length).toBeGreaterThanOrEqual(30);
    expect(result.hit3).toBeGreaterThanOrEqual(0.8);
  });

  it(`finds the right theory chunk in the top 3 for at least 90% of ${heldOut.theory.length} held-out questions`, async () => {
    const result = await measure(heldOut.theory, 'theory');
    console.log(`[${dialect}] held-out theory: hit@1 ${result.hit1.toFixed(3)}, hit@3 ${result.hit3.toFixed(3)} over ${heldOut.theory.length}; misses: ${result.misses.join(' | ') || 'none'}`);
    expect(heldOut.theory.length).toBe(40);
    expect(result.hit3).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the right organisational chunk', async () => {
    const result = await measure(fixture.org, 'org');
    console.log(`[${dialect}] org: hit@1 ${result.hit1.toFixed(3)}, hit@3 ${result.hit3.toFixed(3)} over ${fixture.org.length}; misses: ${result.misses.join(' | ') || 'none'}`);
    expect(result.hit3).toBeGreaterThanOrEqual(0.8);
  });

  it('finds nothing for questions the base cannot answer', async () => {
    const answered: string[] = [];
    const questions = [...fixture.nonsense, ...heldOut.nonsense];
    for (const question of questions) {
      const found = await retrieveChunks(server.server.services.db, server.server.services.dialect, question, 'theory');
      if (found.length > 0) answered.push(`${question} → ${found.map((chunk) => chunk.name).join(', ')}`);
    }
    console.log(`[${dialect}] off-topic: ${questions.length - answered.length} of ${questions.length} get no answer; answered: ${answered.join(' | ') || 'none'}`);
    // Known limit: 'кто написал войну и мир' names a course topic (the problem of war and peace)
    // and only its verb is off the course; nothing short of meaning tells the two apart.
    expect(answered).toEqual(['кто написал войну и мир → Глобальные проблемы современности']);
  });

  it('is not put off by words the base does not have or by the phrasing of a question', async () => {
    // 'экономисты', 'нужны', 'выполняет' are nowhere in the base: they once outweighed the topic.
    for (const [question, key] of [
      ['Какие факторы производства выделяют экономисты?', 'factors'],
      ['Зачем нужны налоги?', 'taxes'],
      ['Какие функции выполняет государство?', 'state-features'],
      ['со скольки лет можно жениться', 'family-law'],
    ] as const) {
      const [best] = await retrieveChunks(server.server.services.db, server.server.services.dialect, question, 'theory');
      expect(best?.chunkId, question).toBe(idOf.get(key));
    }
  });

  it('quotes the passage that answers, not the start of the chunk', async () => {
    const [best] = await retrieveChunks(server.server.services.db, server.server.services.dialect, 'что такое гиперинфляция', 'theory');
    expect(best?.name).toBe('Инфляция: виды и последствия');
    expect(best?.passage).toContain('гиперинфляция');
    expect(best?.lessonName).toBe('Государство и финансы');
  });
});
