import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

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
});
