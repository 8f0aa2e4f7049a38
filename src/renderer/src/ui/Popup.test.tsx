import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Popup } from './Popup';

function Opener({ dismissable = true }: { dismissable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Переименовать
      </button>
      <Popup open={open} onClose={() => setOpen(false)} title="Новое имя" dismissable={dismissable}>
        <input aria-label="Имя" />
        <button type="button">Сохранить</button>
      </Popup>
    </>
  );
}

describe('the popup (modal dialog)', () => {
  it('takes focus inside, keeps Tab inside, and gives focus back to its opener on Escape', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Переименовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Новое имя' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Переименовать' })).toHaveFocus();
  });

  it('cannot be dismissed when it must be answered', async () => {
    render(<Opener dismissable={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Переименовать' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Новое имя' })).toBeInTheDocument();
  });
});
