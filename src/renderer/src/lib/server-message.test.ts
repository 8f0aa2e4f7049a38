import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ru } from '../i18n/ru';
import { messageForPeople } from './server-message';

z.config(z.locales.ru());

/** The server's wording for bad input (server/contract/validation.ts), built from a real zod error. */
function serverText(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('the input was expected to be refused');
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return field ? `Поле "${field}": ${issue.message}` : `Некорректные данные запроса: ${issue.message}`;
}

describe('server messages for people', () => {
  it('keeps only the reason of a field failure, never the field name', () => {
    expect(messageForPeople('Поле "newName": имя не может быть пустым')).toBe('Имя не может быть пустым');
    const text = messageForPeople(serverText(z.object({ period: z.string().refine(() => false, 'период не может быть длиннее года') }), { period: 'x' }));
    expect(text).toBe('Период не может быть длиннее года');
  });

  it('replaces the validator’s technical wording with one plain sentence', () => {
    const schema = z.object({ avatarId: z.number().int().max(10), kind: z.enum(['a', 'b']), text: z.string().max(3), items: z.array(z.string()).min(1) });
    for (const input of [{ avatarId: 'x', kind: 'a', text: '', items: ['x'] }, { avatarId: 99, kind: 'a', text: '', items: ['x'] }, { avatarId: 1, kind: 'c', text: '', items: ['x'] }, { avatarId: 1, kind: 'a', text: 'long', items: ['x'] }, { avatarId: 1, kind: 'a', text: '', items: [] }]) {
      const raw = serverText(schema, input);
      expect(raw).toMatch(/^Поле "/);
      expect(messageForPeople(raw)).toBe(ru.common.invalidInput);
    }
    expect(messageForPeople(serverText(z.object({ a: z.string() }).strict(), { a: '', b: 1 }))).toBe(ru.common.invalidInput);
    expect(messageForPeople('Некорректные данные запроса.')).toBe('Некорректные данные запроса.');
    expect(messageForPeople(serverText(z.string(), 1))).toBe(ru.common.invalidInput);
  });

  it('leaves messages already written for people as they are', () => {
    for (const text of ['Неизвестный метод.', 'Ошибка: Нет связи с базой', 'Недостаточно печенек', 'Полезные ссылки']) expect(messageForPeople(text)).toBe(text);
  });
});
