import { questionJsonSchema } from '@shared/domain/questions/question-json';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AnswerInput } from './AnswerInput';

const question = (fields: Record<string, unknown>) =>
  questionJsonSchema.parse({ questionText: 'Вопрос', rightAnswers: ['1'], questionAnsColumn1: ['первое', 'второе', 'третье', 'четвёртое', 'пятое'], ...fields });

/** The input as a screen holds it: the value lives in the parent. */
function Holder({ fields, view = 'text', onSubmit }: { fields: Record<string, unknown>; view?: 'text' | 'graphic'; onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <AnswerInput question={question(fields)} view={view} value={value} onChange={setValue} onSubmit={onSubmit} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('the part 1 answer input', () => {
  it('takes only digits for a choice question and sends on Enter', async () => {
    const onSubmit = vi.fn();
    render(<Holder fields={{ questionType: 'VARIANTS' }} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ответ' }), '1а3 5{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('135');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('takes only Cyrillic for a word answer', async () => {
    render(<Holder fields={{ questionType: 'WORD', questionAnsColumn1: [], rightAnswers: ['рынок'] }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ответ' }), 'Рынок1 b');
    expect(screen.getByTestId('value').textContent).toMatch(/^[а-яё ]*$/i);
    expect(screen.getByTestId('value').textContent).toContain('Рынок');
  });

  it('moves through a matching answer slot by slot, and Backspace steps back', async () => {
    render(<Holder fields={{ questionType: 'MATCH', questionAnsColumn1: ['а', 'б', 'в'], questionAnsColumn2: ['один', 'два'], rightAnswers: ['121'] }} />);
    await userEvent.click(screen.getByTestId('answer-slot-1'));
    await userEvent.keyboard('12');
    expect(screen.getByTestId('answer-slot-3')).toHaveFocus();
    // On the empty third slot Backspace goes back and clears the second.
    await userEvent.keyboard('{Backspace}');
    expect(screen.getByTestId('answer-slot-2')).toHaveFocus();
    expect(screen.getByTestId('answer-slot-2')).toHaveValue('');
    await userEvent.keyboard('2');
    expect(screen.getByTestId('value').textContent?.slice(0, 2)).toBe('12');
    expect(screen.getByTestId('answer-slot-3')).toHaveFocus();
  });

  it('toggles option cards in the graphic view, in order and without repeats', async () => {
    render(<Holder fields={{ questionType: 'VARIANTS' }} view="graphic" />);
    await userEvent.click(screen.getByTestId('answer-card-4'));
    await userEvent.click(screen.getByTestId('answer-card-2'));
    await userEvent.click(screen.getByTestId('answer-card-4'));
    expect(screen.getByTestId('value').textContent).toBe('2');
    expect(screen.getByTestId('answer-card-2')).toHaveAttribute('aria-pressed', 'true');
  });
});
