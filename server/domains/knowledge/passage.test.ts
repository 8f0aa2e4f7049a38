import { describe, expect, it } from 'vitest';
import { bestPassage, passageUnits } from './passage';
import { questionTerms } from './question-terms';
import type { CorpusStats } from './ranking';
import { sentencesOfLine } from './sentences';

const stats: CorpusStats = { total: 50, averageLength: 100, documentFrequency: new Map() };

describe('sentences', () => {
  it('does not end a sentence at an initial or an abbreviation', () => {
    expect(sentencesOfLine('Критерии стратификации (по П. Сорокину и М. Веберу): доход, власть. Статус — положение.')).toEqual([
      'Критерии стратификации (по П. Сорокину и М. Веберу): доход, власть.',
      'Статус — положение.',
    ]);
    expect(sentencesOfLine('Светское государство (ст. 14 Конституции РФ). Принята в 1993 г. Всенародно.')).toEqual([
      'Светское государство (ст. 14 Конституции РФ).',
      'Принята в 1993 г. Всенародно.',
    ]);
    expect(sentencesOfLine('Роман А.С. Пушкина, т.е. текст, в т.ч. стихи и др. жанры. См. выше.')).toEqual(['Роман А.С. Пушкина, т.е. текст, в т.ч. стихи и др. жанры.', 'См. выше.']);
  });

  it('ends one after «и т. д.» before a capital letter only', () => {
    expect(sentencesOfLine('Суды, прокуратура и т. д. Далее органы.')).toEqual(['Суды, прокуратура и т. д.', 'Далее органы.']);
    expect(sentencesOfLine('Суды, прокуратура и т. д. и пр. органы.')).toEqual(['Суды, прокуратура и т. д. и пр. органы.']);
  });
});

describe('passage', () => {
  const cognition = [
    '## Ступени познания',
    '',
    '**Чувственное познание** опирается на органы чувств. Его формы:',
    '1. **Ощущение** — отражение свойств.',
    '2. **Восприятие** — целостный образ.',
    '',
    'Сторонники сенсуализма считали главным источником опыт.',
  ].join('\n');

  it('keeps a list with the paragraph that leads into it, and leaves the heading out', () => {
    expect(passageUnits(cognition).map((unit) => unit.text)).toEqual([
      'Чувственное познание опирается на органы чувств. Его формы:\nОщущение — отражение свойств.\nВосприятие — целостный образ.',
      'Сторонники сенсуализма считали главным источником опыт.',
    ]);
    expect(bestPassage(cognition, questionTerms('какие есть формы познания'), stats)).toContain('Восприятие — целостный образ.');
  });

  it('quotes the sentence that holds the rest of the question, not the same words again', () => {
    const inflation = [
      'Инфляция — рост цен. Инфляция обесценивает деньги. Инфляция бывает разной.',
      '',
      'Виды по темпам: ползучая, галопирующая, гиперинфляция.',
    ].join('\n');
    expect(bestPassage(inflation, questionTerms('виды инфляции по темпам'), stats)).toContain('ползучая, галопирующая');
  });

  it('keeps a table whole', () => {
    const table = 'Текст до.\n\n| Фактор | Доход |\n| --- | --- |\n| Труд | заработная плата |\n| Земля | рента |';
    expect(bestPassage(table, questionTerms('факторы и доходы'), stats)).toBe('Фактор | Доход\nТруд | заработная плата\nЗемля | рента');
  });

  it('cuts a passage longer than the cap', () => {
    expect(bestPassage(`Налог ${'очень '.repeat(400)}длинный.`, questionTerms('налог'), stats, 100)).toHaveLength(100);
  });
});
