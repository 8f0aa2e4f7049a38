import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { DEMO_COURSE } from './demo-course-content';

/**
 * Issue 40 item 3: after the demo seed every element of the ФИПИ codifier (table exam_elements,
 * sections 1–5) has at least one published theory chunk of the knowledge base linked to it.
 */
describe.each(testDialects)('demo theory covers the codifier on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('has a published theory chunk for every element of exam_elements', async () => {
    const db = server.server.services.db;
    const elements = await db.selectFrom('exam_elements').select(['code', 'name']).execute();
    const linked = await db
      .selectFrom('kb_chunk_elements as e')
      .innerJoin('kb_published_chunks as c', 'c.id', 'e.chunk_id')
      .select(['e.element_code', 'c.name'])
      .where('c.kind', '=', 'theory')
      .execute();
    const chunksOf = new Map<string, string[]>();
    for (const row of linked) chunksOf.set(row.element_code, [...(chunksOf.get(row.element_code) ?? []), row.name]);

    // The whole codifier, sections 1–5, is listed (0112 seeds 82 elements).
    expect(elements.length).toBeGreaterThanOrEqual(82);
    expect(new Set(elements.map((element) => Number(element.code.split('.')[0])))).toEqual(new Set([1, 2, 3, 4, 5]));
    const missing = elements.filter((element) => !chunksOf.has(element.code)).map((element) => `${element.code} ${element.name}`);
    expect(missing).toEqual([]);
  });

  it('links every published theory chunk to an element', async () => {
    const db = server.server.services.db;
    const chunks = await db
      .selectFrom('kb_published_chunks as c')
      .leftJoin('kb_chunk_elements as e', 'e.chunk_id', 'c.id')
      .select(['c.name', 'e.element_code'])
      .where('c.kind', '=', 'theory')
      .execute();
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((row) => row.element_code === null).map((row) => row.name)).toEqual([]);
  });

  it('links every theory chunk of the demo package to at least 3 part 1 questions that test its element', async () => {
    const db = server.server.services.db;
    const chunks = await db.selectFrom('kb_published_chunks').select(['id', 'name']).where('kind', '=', 'theory').execute();
    const tested = await db
      .selectFrom('kb_published_questions as q')
      .innerJoin('kb_chunk_elements as ce', 'ce.chunk_id', 'q.chunk_id')
      .innerJoin('question_p1_elements as qe', (join) => join.onRef('qe.question_id', '=', 'q.question_id').onRef('qe.element_code', '=', 'ce.element_code'))
      .select(['q.chunk_id', 'q.question_id'])
      .distinct()
      .execute();
    const countOf = new Map<number, number>();
    for (const row of tested) countOf.set(row.chunk_id, (countOf.get(row.chunk_id) ?? 0) + 1);

    // Every map cell of the package is seeded, each with at least 3 questions on its element.
    expect(chunks.length).toBe(DEMO_COURSE.theory.length);
    const short = chunks.filter((chunk) => (countOf.get(chunk.id) ?? 0) < 3).map((chunk) => `${chunk.name}: ${countOf.get(chunk.id) ?? 0}`);
    expect(short).toEqual([]);
  });
});
