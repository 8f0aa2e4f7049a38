import { countWords, markdownToClean } from '../../../src/shared/domain/knowledge';
import { searchWords, stemRussianWord } from '../../search/russian-stemmer';
import type { Db } from '../index';
import { DEMO_ORG_CHUNKS } from './knowledge-org';
import { DEMO_THEORY_CHUNKS } from './knowledge-theory';

/** Questions linked to a theory chunk at most. */
const QUESTIONS_PER_CHUNK = 3;

/**
 * Seeds the demo knowledge base and publishes it: theory chunks linked to the part 1 questions of
 * their lesson whose wording shares the chunk's keywords (or, failing that, the lesson's least
 * used questions, so every chunk has a test), and organisational chunks. Runs after the question bank.
 */
export async function seedKnowledge(db: Db, now: number): Promise<void> {
  const questions = await db.selectFrom('questions_p1').select(['id', 'lesson_num', 'q_json']).where('is_published', '=', 1).orderBy('id').execute();
  const stemsOf = (text: string) => searchWords(text).map((word) => (/^[а-я]+$/.test(word) ? stemRussianWord(word) : word));
  const questionStems = new Map(questions.map((question) => [question.id, stemsOf(question.q_json)]));
  const uses = new Map<number, number>();

  for (const chunk of DEMO_THEORY_CHUNKS) {
    const clean = markdownToClean(chunk.md);
    const row = await db
      .insertInto('kb_chunks')
      .values({ name: chunk.name, lesson_num: chunk.lesson, is_90plus: chunk.plus90 ? 1 : 0, kind: 'theory', answer_text: chunk.md, answer_text_clean: clean, num_words: countWords(clean), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keywords = chunk.keywords.map((keyword) => stemsOf(keyword)[0] ?? keyword);
    const ofLesson = questions.filter((question) => question.lesson_num === chunk.lesson);
    const score = (id: number) => keywords.filter((keyword) => questionStems.get(id)!.some((stem) => stem.startsWith(keyword))).length;
    const chosen = ofLesson
      .map((question) => ({ id: question.id, score: score(question.id), used: uses.get(question.id) ?? 0 }))
      .sort((a, b) => b.score - a.score || a.used - b.used || a.id - b.id)
      .filter((candidate, index) => candidate.score > 0 || index === 0)
      .slice(0, QUESTIONS_PER_CHUNK);
    for (const [position, candidate] of chosen.entries()) {
      uses.set(candidate.id, (uses.get(candidate.id) ?? 0) + 1);
      await db.insertInto('kb_chunk_questions').values({ chunk_id: row.id, question_id: candidate.id, position: position + 1 }).execute();
    }
  }
  for (const chunk of DEMO_ORG_CHUNKS) {
    const clean = markdownToClean(chunk.md);
    await db
      .insertInto('kb_chunks')
      .values({ name: chunk.name, lesson_num: 0, is_90plus: 0, kind: 'org', answer_text: chunk.md, answer_text_clean: clean, num_words: countWords(clean), created_at: now, updated_at: now })
      .execute();
  }
  // The same copy the back office's 'Актуализировать базу знаний' makes.
  await db.insertInto('kb_published_chunks').columns(['id', 'name', 'lesson_num', 'is_90plus', 'kind', 'answer_text', 'answer_text_clean', 'num_words', 'created_at', 'updated_at']).expression((eb) =>
    eb.selectFrom('kb_chunks').select(['id', 'name', 'lesson_num', 'is_90plus', 'kind', 'answer_text', 'answer_text_clean', 'num_words', 'created_at', 'updated_at']),
  ).execute();
  await db.insertInto('kb_published_questions').columns(['chunk_id', 'question_id', 'position']).expression((eb) => eb.selectFrom('kb_chunk_questions').select(['chunk_id', 'question_id', 'position'])).execute();
}
