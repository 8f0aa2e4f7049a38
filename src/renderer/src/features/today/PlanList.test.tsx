import type { PlanItem } from '@shared/contract/plan';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlanList } from './PlanList';

const items: PlanItem[] = [
  { id: 'hw:2:1', kind: 'homework', title: 'ДЗ 2, часть 1', minutes: 5, why: 'дедлайн завтра', link: '/home_task/2', done: '1' },
  { id: 'review:3', kind: 'review', title: 'Повторение ошибок', minutes: 3, why: 'ошибки, которые пора повторить: 3', link: '/trains/reviews', done: '0' },
];

describe('the day’s plan list', () => {
  it('shows each item in order with its kind, why and minutes, and opens its work', () => {
    render(<PlanList items={items} />, { wrapper: MemoryRouter });
    const rows = screen.getAllByTestId('today-item');
    expect(rows.map((row) => row.dataset.kind)).toEqual(['homework', 'review']);
    const review = within(rows[1]!).getByRole('link');
    expect(review).toHaveAttribute('href', '/trains/reviews');
    expect(review).toHaveTextContent('Повторение');
    expect(review).toHaveTextContent('ошибки, которые пора повторить: 3');
    expect(rows[1]).toHaveTextContent('3 мин');
  });

  it('tells a screen reader which items are done, not only by a tick', () => {
    render(<PlanList items={items} />, { wrapper: MemoryRouter });
    const [done, open] = screen.getAllByRole('link');
    expect(done).toHaveAccessibleName(/Сделано$/);
    expect(open).toHaveAccessibleName(/Не сделано$/);
  });
});
