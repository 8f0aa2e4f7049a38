import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './QueryState';

function Screen({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['list'], queryFn: load, retry: false });
  return (
    <QueryState query={query} errorText={(error) => `Не удалось загрузить список: ${error.message}`} empty={(rows) => rows.length === 0 && 'Пока пусто'}>
      {(rows) => <ul>{rows.map((row) => <li key={row}>{row}</li>)}</ul>}
    </QueryState>
  );
}

const renderScreen = (load: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Screen load={load} />
    </QueryClientProvider>,
  );

describe('a screen’s query states', () => {
  it('shows the failure in Russian with «Попробовать ещё раз», which loads again', async () => {
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('нет связи')).mockResolvedValueOnce(['Рынок']);
    renderScreen(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить список: нет связи');
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать ещё раз' }));
    expect(await screen.findByText('Рынок')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says when there is nothing, after the data came', async () => {
    renderScreen(async () => []);
    expect(await screen.findByText('Пока пусто')).toBeInTheDocument();
  });
});
