import { describe, expect, it } from 'vitest';
import { ageInDays, applyTicks, cookiesText, DAY_MS, feedStats, PET_LIMITS, PET_START, petImageSizeCoef, petPicture, tickOnce } from './pet';

describe('pet rules', () => {
  it('ages: 0 and below before birth, 1 on the day of birth', () => {
    expect(ageInDays(DAY_MS, DAY_MS - 1)).toBe(0);
    expect(ageInDays(3 * DAY_MS, DAY_MS - 1)).toBe(-2);
    expect(ageInDays(DAY_MS, DAY_MS)).toBe(1);
    expect(ageInDays(DAY_MS, 2 * DAY_MS + 5)).toBe(2);
  });

  it('a tick lowers satiety and mood; hunger costs health; health at zero is death', () => {
    expect(tickOnce(PET_START)).toEqual({ health: 10_000, mood: 498, satiety: 697, train: 0 });
    expect(tickOnce({ health: 100, mood: -1000, satiety: 0, train: 0 })).toEqual({ health: 50, mood: -1000, satiety: 0, train: 0 });
    const life = applyTicks({ health: 120, mood: 0, satiety: 260, train: 5 }, 50);
    expect(life).toMatchObject({ died: true, becameHungry: true, ticks: 7 });
    expect(life.stats.health).toBe(0);
    // Catching up in one go equals ticking one at a time.
    let stepwise = PET_START as { health: number; mood: number; satiety: number; train: number };
    for (let i = 0; i < 300; i += 1) stepwise = tickOnce(stepwise);
    expect(applyTicks(PET_START, 300).stats).toEqual(stepwise);
  });

  it('feeding is capped at the maximums', () => {
    expect(feedStats({ health: 1, mood: 990, satiety: 950, train: 0 })).toEqual({ health: 1, mood: PET_LIMITS.moodMax, satiety: PET_LIMITS.satiety, train: 0 });
  });

  it('picks the picture: dead, unborn, hungry, then the mood band', () => {
    expect(petPicture({ dead: true, age: 3, satiety: 900, mood: 900 })).toBe('dead');
    expect(petPicture({ dead: false, age: 0, satiety: 0, mood: 0 })).toBe('unborn');
    expect(petPicture({ dead: false, age: 1, satiety: 249, mood: 900 })).toBe('hungry');
    expect(petPicture({ dead: false, age: 1, satiety: 250, mood: 500 })).toBe('happy');
    expect(petPicture({ dead: false, age: 1, satiety: 250, mood: 0 })).toBe('calm');
    expect(petPicture({ dead: false, age: 1, satiety: 250, mood: -1 })).toBe('sad');
    expect(petPicture({ dead: false, age: 1, satiety: 250, mood: -500 })).toBe('crying');
    expect(petImageSizeCoef(0)).toBe(0.75);
    expect(petImageSizeCoef(90)).toBe(1);
  });

  it('says cookies in Russian', () => {
    expect([1, 2, 5, 11, 21, 24, 112].map(cookiesText)).toEqual(['1 печенька', '2 печеньки', '5 печенек', '11 печенек', '21 печенька', '24 печеньки', '112 печенек']);
  });
});
