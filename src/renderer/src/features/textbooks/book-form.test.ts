import { describe, expect, it } from 'vitest';
import { batches, bookErrors, jumpTarget, pagedFiles, pageRange } from './book-form';

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);

describe('textbook form rules (spec §5)', () => {
  it('needs a title after trimming and at least one page; a given year is four digits', () => {
    expect(bookErrors({ title: '  ', author: '', publishYear: '', pages: '0' })).toEqual({ title: 'Название необходимо заполнить', pages: 'Количество страниц должно быть больше 0' });
    expect(bookErrors({ title: 'Книга', author: '', publishYear: '', pages: 'abc' }).pages).toBe('Количество страниц должно быть больше 0');
    expect(bookErrors({ title: 'Книга', author: '', publishYear: '21', pages: '3' }).publishYear).toBeDefined();
    expect(bookErrors({ title: 'Книга', author: '', publishYear: '2021', pages: '3' })).toEqual({});
  });

  it('ignores a jump below 1 or above the page count', () => {
    expect(jumpTarget('0', 10)).toBeNull();
    expect(jumpTarget('11', 10)).toBeNull();
    expect(jumpTarget('x', 10)).toBeNull();
    expect(jumpTarget(' 7 ', 10)).toBe(7);
  });

  it('takes multi-upload files named by page within the book, in page order', () => {
    expect(pagedFiles([file('3.jpg'), file('1.PNG')], 5)).toEqual({ files: [{ page: 1, file: expect.any(File) }, { page: 3, file: expect.any(File) }], problem: null });
    expect(pagedFiles([file('стр1.jpg')], 5).problem).toBe('Название файла должно быть в формате {страница}.jpg (стр1.jpg)');
    expect(pagedFiles([file('9.jpg')], 5).problem).toBe('Страницы 9 нет: в учебнике 5');
    expect(pagedFiles([file('2.jpg', 11 * 1024 * 1024)], 5).problem).toContain('Размер файла не должен превышать 10 МБ');
  });

  it('sends five files per request and checks the digitising range', () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7]).map((batch) => batch.length)).toEqual([5, 2]);
    expect(pageRange('2', '4', 10)).toEqual([2, 3, 4]);
    expect(pageRange('4', '2', 10)).toBeNull();
    expect(pageRange('1', '11', 10)).toBeNull();
  });
});
