import type { P2CriterionView } from '@shared/contract/homework-p2';
import type { CriteriaPoints } from '@shared/domain/p2-criteria';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CriteriaScores } from './CriteriaScores';

// Task 25 as ФИПИ scores it: К2 and К3 get 0 when К1 got 0.
const criteria: P2CriterionView[] = [
  { num: 1, code: 'К1', maxBall: 2, title: 'Обоснование', description: '', zeroIf: null },
  { num: 2, code: 'К2', maxBall: 1, title: 'Ответ на вопрос', description: '', zeroIf: 1 },
  { num: 3, code: 'К3', maxBall: 3, title: 'Примеры', description: '', zeroIf: 1 },
];

function Checker() {
  const [points, setPoints] = useState<CriteriaPoints>({});
  return <CriteriaScores taskNumber={25} criteria={criteria} points={points} max={6} editable onChange={setPoints} />;
}

const field = (code: string, max: number) => screen.getByRole('spinbutton', { name: `${code}: баллы (0–${max})` });

describe('scoring a part 2 task by its ФИПИ criteria', () => {
  it('sums the criteria once all are scored, a digit key replacing the value and capped at the maximum', async () => {
    render(<Checker />);
    await userEvent.click(field('К1', 2));
    await userEvent.keyboard('2');
    expect(screen.getByTestId('criteria-total')).toHaveTextContent('Итого за задание: — / 6');
    await userEvent.tab();
    await userEvent.keyboard('1');
    await userEvent.tab();
    await userEvent.keyboard('9');
    expect(field('К3', 3)).toHaveValue(3);
    expect(screen.getByTestId('criteria-total')).toHaveTextContent('Итого за задание: 6 / 6');
    await userEvent.click(field('К3', 3));
    await userEvent.keyboard('1');
    expect(screen.getByTestId('criteria-total')).toHaveTextContent('Итого за задание: 4 / 6');
  });

  it('applies the zero rule as it is typed: К1 at 0 makes К2 and К3 zero and closed', async () => {
    render(<Checker />);
    await userEvent.click(field('К1', 2));
    await userEvent.keyboard('0');
    expect(field('К2', 1)).toBeDisabled();
    expect(field('К2', 1)).toHaveValue(0);
    expect(field('К3', 3)).toHaveValue(0);
    expect(screen.getByTestId('criteria-total')).toHaveTextContent('Итого за задание: 0 / 6');
  });
});
