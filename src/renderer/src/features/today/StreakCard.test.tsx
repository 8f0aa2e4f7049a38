import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreakCard } from './StreakCard';

const streak = { current: 3, best: 5, freezesLeft: 1, todayCounted: '0' as const, minimumMinutes: 15 };

describe('the streak card', () => {
  it('counts the days in Russian and says what counts today', () => {
    render(<StreakCard streak={streak} mood="happy" />);
    expect(screen.getByTestId('streak-current')).toHaveTextContent('3 дня подряд');
    expect(screen.getByText('Лучшая серия: 5 дней')).toBeInTheDocument();
    expect(screen.getByText('Чтобы засчитать день, сделай первое дело из плана или дела на 15 мин')).toBeInTheDocument();
    expect(screen.getByTestId('raccoon-mood')).toHaveTextContent('Енот доволен');
  });

  it('after a missed day: a sad raccoon, the freeze spent, nothing worse', () => {
    render(<StreakCard streak={{ ...streak, current: 0, freezesLeft: 0, todayCounted: '1' }} mood="sad" />);
    expect(screen.getByTestId('streak-current')).toHaveTextContent('0 дней подряд');
    expect(screen.getByTestId('raccoon-mood')).toHaveTextContent('Енот грустит');
    expect(screen.getByText('Заморозка этой недели уже потрачена')).toBeInTheDocument();
    expect(screen.getByText('День засчитан')).toBeInTheDocument();
  });
});
