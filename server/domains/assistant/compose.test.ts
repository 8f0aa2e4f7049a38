import { describe, expect, it } from 'vitest';
import type { RetrievedChunk } from '../knowledge/retrieval';
import { excerptsAnswer, markdownBoldAsTags } from './compose';

const chunk = (passage: string): RetrievedChunk => ({ chunkId: 1, name: 'Налоги', lessonNum: 4, lessonName: 'Финансы', text: passage, passage, score: 1, coverage: 1 });

describe('assistant wording', () => {
  it('quotes excerpts with the chunk in bold, and a chunk cannot smuggle in a tag', () => {
    const answer = excerptsAnswer([chunk('Налог <b>обязателен</b>, <script>x</script>')]);
    expect(answer).toContain('[1] <b>«Налоги», урок 4 «Финансы»</b>:');
    expect(answer).toContain('«Налог ‹b>обязателен‹/b>, <script>x</script>»');
  });

  it("turns a model's markdown bold into the chat's bold tag", () => {
    expect(markdownBoldAsTags('**Инфляция** — рост цен [1], а *это* нет')).toBe('<b>Инфляция</b> — рост цен [1], а *это* нет');
  });
});
