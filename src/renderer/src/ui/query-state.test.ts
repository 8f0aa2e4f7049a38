import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryStateProps } from './QueryState';

/** A query result in one of its states; only the fields QueryState reads matter. */
function queryIn(state: 'pending' | 'error' | 'success', data?: string[]): UseQueryResult<string[], Error> {
  const refetch = () => Promise.reject(new Error('not called when rendering'));
  if (state === 'pending') return { isPending: true, isError: false, data: undefined, error: null, refetch } as unknown as UseQueryResult<string[], Error>;
  if (state === 'error') return { isPending: false, isError: true, data, error: new Error('сеть'), refetch } as unknown as UseQueryResult<string[], Error>;
  return { isPending: false, isError: false, data, error: null, refetch } as unknown as UseQueryResult<string[], Error>;
}

function render(props: Omit<QueryStateProps<string[], Error>, 'children' | 'errorText'> & Partial<Pick<QueryStateProps<string[], Error>, 'errorText'>>): string {
  return renderToStaticMarkup(
    createElement(QueryState<string[], Error>, {
      errorText: (error: Error) => `Ошибка загрузки: ${error.message}`,
      children: (rows: string[]) => createElement('ul', null, rows.map((row) => createElement('li', { key: row }, row))),
      ...props,
    }),
  );
}

describe('QueryState', () => {
  it('shows the loader while the first load runs, or what the screen gives instead', () => {
    expect(render({ query: queryIn('pending') })).toContain('role="status"');
    expect(render({ query: queryIn('pending'), loading: null })).toBe('');
  });

  it('shows the failure in the screen’s words with the retry button, unless the screen has none', () => {
    const html = render({ query: queryIn('error'), retryLabel: 'Повторить' });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Ошибка загрузки: сеть');
    expect(html).toContain('Повторить');
    expect(render({ query: queryIn('error'), retry: false })).not.toContain('<button');
  });

  it('shows a failed refetch even when older data is there', () => {
    expect(render({ query: queryIn('error', ['старое']) })).not.toContain('старое');
  });

  it('shows the empty text when the data has nothing, else the data', () => {
    const empty = (rows: string[]) => rows.length === 0 && 'Пусто';
    expect(render({ query: queryIn('success', []), empty })).toContain('Пусто');
    const html = render({ query: queryIn('success', ['первая']), empty });
    expect(html).toContain('<li>первая</li>');
    expect(html).not.toContain('Пусто');
  });
});
