import { countWords, markdownToClean } from '../../../src/shared/domain/knowledge';
import type { Db } from '../index';
import { DEMO_ORG_CHUNKS } from './knowledge-org';

/**
 * The school's organisational chunks of the knowledge base (tariffs, payments, checking), published
 * at once. They belong to the school, not to the course: the course's theory comes with the demo
 * package (demo-course.ts), already published.
 */
export async function seedKnowledge(db: Db, now: number): Promise<void> {
  for (const chunk of DEMO_ORG_CHUNKS) {
    const clean = markdownToClean(chunk.md);
    const values = { name: chunk.name, lesson_num: 0, is_90plus: 0, kind: 'org', answer_text: chunk.md, answer_text_clean: clean, num_words: countWords(clean), created_at: now, updated_at: now };
    const row = await db.insertInto('kb_chunks').values(values).returning('id').executeTakeFirstOrThrow();
    // The same copy the back office's «Актуализировать базу знаний» makes.
    await db.insertInto('kb_published_chunks').values({ id: row.id, ...values }).execute();
  }
}
