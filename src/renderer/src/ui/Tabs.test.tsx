import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const tabs = [
  { key: 'plan', label: 'План', render: () => <p>Дела на сегодня</p> },
  { key: 'streak', label: 'Серия', render: () => <input aria-label="Заметка" /> },
  { key: 'help', label: 'Помощь', render: () => <p>Как это работает</p> },
];

describe('the tabs', () => {
  it('move with the arrow keys, Home and End, wrapping around', async () => {
    render(<Tabs label="Разделы" tabs={tabs} />);
    screen.getByRole('tab', { name: 'План' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Серия' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Серия' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Помощь' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'План' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Помощь' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Как это работает');
  });

  it('keep a visited panel mounted, with what was typed in it', async () => {
    render(<Tabs label="Разделы" tabs={tabs} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Серия' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Заметка' }), 'пять дней');
    await userEvent.click(screen.getByRole('tab', { name: 'План' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Серия' }));
    expect(screen.getByRole('textbox', { name: 'Заметка' })).toHaveValue('пять дней');
  });
});
