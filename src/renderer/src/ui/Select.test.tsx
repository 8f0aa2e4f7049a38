import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from './Select';

const options = [
  { value: 'a', label: 'Первая глава' },
  { value: 'b', label: 'Вторая глава', disabled: true },
  { value: 'c', label: 'Третья глава' },
];

function Holder() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select label="Глава" options={options} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

describe('the select (combobox)', () => {
  it('is chosen from the keyboard: opens on ArrowDown, skips a disabled option, Enter chooses', async () => {
    render(<Holder />);
    const field = screen.getByRole('combobox', { name: 'Глава' });
    field.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('c');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveTextContent('Третья глава');
  });

  it('closes on Escape without choosing', async () => {
    render(<Holder />);
    const field = screen.getByRole('combobox', { name: 'Глава' });
    field.focus();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('is chosen with the mouse, and the label focuses the field', async () => {
    render(<Holder />);
    await userEvent.click(screen.getByText('Глава'));
    expect(screen.getByRole('combobox', { name: 'Глава' })).toHaveFocus();
    await userEvent.click(screen.getByRole('combobox', { name: 'Глава' }));
    await userEvent.click(screen.getByRole('option', { name: 'Первая глава' }));
    expect(screen.getByTestId('value').textContent).toBe('a');
  });
});
