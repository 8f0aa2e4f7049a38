import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { FirstDayForm } from './FirstDayForm';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', () => ({ api: { call } }));

const defaults = { goalBall: null, examDate: '2027-06-01', examDateFromSchool: '0' as const, dailyMinutes: '30' as const };

function renderForm(fromSchool: '0' | '1' = '0') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FirstDayForm defaults={{ ...defaults, examDateFromSchool: fromSchool }} />
    </QueryClientProvider>,
  );
}

describe('the first day’s three questions', () => {
  // A function returned from beforeEach would run as its teardown: the braces keep the mock out of it.
  beforeEach(() => {
    call.mockReset();
  });

  it('refuses a goal above 100 without asking the server', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Сколько баллов хочешь на ЕГЭ?' }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Составить план' }));
    expect(screen.getByRole('textbox', { name: 'Сколько баллов хочешь на ЕГЭ?' })).toHaveAccessibleDescription(/от 0 до 100/i);
    expect(call).not.toHaveBeenCalled();
  });

  it('sends the goal, the exam day and the chosen minutes', async () => {
    call.mockResolvedValue({});
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Сколько баллов хочешь на ЕГЭ?' }), '85');
    await userEvent.click(screen.getByRole('radio', { name: '45 мин' }));
    await userEvent.click(screen.getByRole('button', { name: 'Составить план' }));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ goalBall: '85', examDate: '2027-06-01', dailyMinutes: '45' });
  });

  it('shows the server’s refusal in its words', async () => {
    call.mockRejectedValue(new ApiError('failure', 'Дата экзамена должна быть в будущем, в формате ГГГГ-ММ-ДД'));
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Сколько баллов хочешь на ЕГЭ?' }), '70');
    await userEvent.click(screen.getByRole('button', { name: 'Составить план' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Дата экзамена должна быть в будущем');
  });

  it('says whether the exam day is the school’s or a placeholder', () => {
    renderForm('0');
    expect(screen.getByText(/Примерная дата/)).toBeInTheDocument();
  });
});
