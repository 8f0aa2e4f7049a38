import { describe, expect, it } from 'vitest';
import { ru } from '../i18n/ru';
import { fill } from './template';

describe('fill', () => {
  it('fills every placeholder', () => {
    expect(fill(ru.shell.transportError, { url: '/app/api/x', reason: 'HTTP 502' })).toBe('Ошибка /app/api/x HTTP 502');
  });

  it('keeps unknown placeholders visible', () => {
    expect(fill('{a} и {b}', { a: 1 })).toBe('1 и {b}');
  });
});
