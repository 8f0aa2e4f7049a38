import type { Db } from '../../db';

/** A signs-trainer term as a review card shows it: its signs in their stored order. */
export interface ReviewTermRow {
  name: string;
  chapter: string;
  definition: string | null;
  signs: Array<{ text: string; isRight: boolean; description: string }>;
}

/** The terms with these ids, with their chapter, term-search definition and signs. */
export async function termsOf(db: Db, termIds: number[]): Promise<Map<number, ReviewTermRow>> {
  if (termIds.length === 0) return new Map();
  const [terms, signs] = await Promise.all([
    db
      .selectFrom('sign_terms')
      .innerJoin('lessons', 'lessons.number', 'sign_terms.lesson_num')
      .innerJoin('chapters', 'chapters.id', 'lessons.chapter_id')
      .leftJoin('terms', 'terms.id', 'sign_terms.term_id')
      .select(['sign_terms.id', 'sign_terms.name', 'chapters.name as chapter', 'terms.definition'])
      .where('sign_terms.id', 'in', termIds)
      .execute(),
    db.selectFrom('sign_term_variants').select(['sign_term_id', 'text', 'is_right', 'description']).where('sign_term_id', 'in', termIds).orderBy('sign_term_id').orderBy('position').execute(),
  ]);
  const byTerm = new Map<number, ReviewTermRow>(terms.map((term) => [term.id, { name: term.name, chapter: term.chapter, definition: term.definition ?? null, signs: [] }]));
  for (const sign of signs) byTerm.get(sign.sign_term_id)?.signs.push({ text: sign.text, isRight: sign.is_right === 1, description: sign.description });
  return byTerm;
}
