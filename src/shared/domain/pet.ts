/**
 * The pet raccoon's rules (shell §3.1, §4.1, §9), shared by the server (which alone decides) and
 * the renderer (which shows bands and pictures). Pure: no clock, no storage.
 *
 * Life: time passes in ticks of PET_TICK_MS. Each tick after birth satiety falls, mood drifts
 * down (faster when hungry), training fades a little, and health falls while the pet is hungry
 * (recovering slowly while it is well fed). Health at zero is death.
 *
 * Cookies are earned by learning (PET_REWARDS, one grant per finished piece of work, ever) and
 * spent on feeding (PET_FEED).
 */
import { countText } from './russian-plural';

/** Maximums of shell §9. */
export const PET_LIMITS = {
  health: 10_000,
  train: 10_000,
  satiety: 1_000,
  moodMin: -1_000,
  moodMax: 1_000,
} as const;

/** One step of pet time. */
export const PET_TICK_MS = 10 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

/** A new raccoon is born an hour after it is created ('before birth' picture until then). */
export const PET_BIRTH_DELAY_MS = 60 * 60_000;

/** Below this satiety (the 'very low' band, under 25 %) the pet is hungry: health starts to fall. */
export const PET_HUNGRY_BELOW = 250;
/** At or above this satiety the pet is well fed and health slowly recovers. */
export const PET_WELL_FED_FROM = 500;

/** Changes per tick. Full (1000) to hungry takes about 42 h; hungry to dead about 33 h more. */
export const PET_TICK = {
  satiety: -3,
  mood: -2,
  hungryMood: -6,
  train: -1,
  hungryHealth: -50,
  wellFedHealth: 20,
} as const;

/** A fresh raccoon. */
export const PET_START = { health: PET_LIMITS.health, mood: 500, satiety: 700, train: 0 } as const;

/** One feeding: its price in cookies and what it gives. */
export const PET_FEED = { cost: 1, satiety: 150, mood: 40 } as const;

export const PET_DEFAULT_NAME = 'Енот';
export const PET_NAME_MAX = 30;

/** Training added per cookie earned: the raccoon grows with the student's learning. */
export const PET_TRAIN_PER_COOKIE = 100;

/**
 * The cookie rule: what learning earns and how much. Each finished piece of work earns once, keyed
 * by the work (a retake or a second request never pays again).
 */
export const PET_REWARDS = {
  /** Homework part 1 finished (status 'Готово'). */
  homeworkP1: 3,
  /** Homework part 2 handed in (to the curator or to self-check). */
  homeworkP2: 5,
  /** An automatic credit passed ('Сдан'). */
  creditPassed: 2,
  /** A day of «Сегодня» whose minimum was done: the streak feeds the raccoon. */
  studyDay: 2,
} as const;

export interface PetStats {
  health: number;
  mood: number;
  satiety: number;
  train: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function isHungry(satiety: number): boolean {
  return satiety < PET_HUNGRY_BELOW;
}

/** The stats after one tick (the pet was alive and born at its start). */
export function tickOnce(stats: PetStats): PetStats {
  const hungry = isHungry(stats.satiety);
  const health = hungry ? stats.health + PET_TICK.hungryHealth : stats.satiety >= PET_WELL_FED_FROM ? stats.health + PET_TICK.wellFedHealth : stats.health;
  return {
    health: clamp(health, 0, PET_LIMITS.health),
    mood: clamp(stats.mood + (hungry ? PET_TICK.hungryMood : PET_TICK.mood), PET_LIMITS.moodMin, PET_LIMITS.moodMax),
    satiety: clamp(stats.satiety + PET_TICK.satiety, 0, PET_LIMITS.satiety),
    train: clamp(stats.train + PET_TICK.train, 0, PET_LIMITS.train),
  };
}

export interface TickResult {
  stats: PetStats;
  /** Ticks actually lived: fewer than asked when the pet died on the way. */
  ticks: number;
  died: boolean;
  /** The pet crossed into hunger during these ticks. */
  becameHungry: boolean;
}

/** Applies `count` ticks one by one (catch-up after downtime gives the same result as live ticks). */
export function applyTicks(start: PetStats, count: number): TickResult {
  let stats = start;
  let becameHungry = false;
  for (let tick = 1; tick <= count; tick += 1) {
    const before = isHungry(stats.satiety);
    stats = tickOnce(stats);
    if (!before && isHungry(stats.satiety)) becameHungry = true;
    if (stats.health <= 0) return { stats, ticks: tick, died: true, becameHungry };
  }
  return { stats, ticks: count, died: false, becameHungry };
}

/** Stats after one feeding. */
export function feedStats(stats: PetStats): PetStats {
  return {
    ...stats,
    satiety: clamp(stats.satiety + PET_FEED.satiety, 0, PET_LIMITS.satiety),
    mood: clamp(stats.mood + PET_FEED.mood, PET_LIMITS.moodMin, PET_LIMITS.moodMax),
  };
}

/**
 * Age in days (shell §3.1): 1 on the day of birth, 2 the next day…; zero or negative before birth
 * (0 within the last day before it).
 */
export function ageInDays(bornAt: number, now: number): number {
  if (now >= bornAt) return Math.floor((now - bornAt) / DAY_MS) + 1;
  return 0 - Math.floor((bornAt - now) / DAY_MS) || 0;
}

/** Percent of a 0..max stat, for the §9 bands. */
export function statPercent(value: number, max: number): number {
  return max > 0 ? Math.round((value / max) * 1000) / 10 : 0;
}

/** Mood as −100..100 for the signed bands. */
export function moodPercent(mood: number): number {
  return Math.round((mood / PET_LIMITS.moodMax) * 1000) / 10;
}

/** The pictures of one image set (resources/pet/<set>/<name>.svg). */
export type PetPicture = 'happy' | 'calm' | 'sad' | 'crying' | 'hungry' | 'dead' | 'unborn';
export const PET_PICTURES: readonly PetPicture[] = ['happy', 'calm', 'sad', 'crying', 'hungry', 'dead', 'unborn'];
/** Background, cloud and cookie (shell §3.1 general images). */
export const PET_GENERAL_PICTURES = ['background', 'cloud', 'cookie'] as const;

/** Which picture shows the pet now: dead, before birth, hungry, else its mood band. */
export function petPicture(pet: { dead: boolean; age: number; satiety: number; mood: number }): PetPicture {
  if (pet.dead) return 'dead';
  if (pet.age <= 0) return 'unborn';
  if (isHungry(pet.satiety)) return 'hungry';
  const mood = moodPercent(pet.mood);
  if (mood >= 50) return 'happy';
  if (mood >= 0) return 'calm';
  if (mood > -50) return 'sad';
  return 'crying';
}

/** The image set for an age: a cub for the first week, then the grown raccoon. */
export function petImageSet(age: number): 'cub' | 'adult' {
  return age < 7 ? 'cub' : 'adult';
}

/** How big the raccoon is drawn: it grows over its first month. */
export function petImageSizeCoef(age: number): number {
  return Math.round((0.75 + Math.min(Math.max(age, 0), 30) * (0.25 / 30)) * 100) / 100;
}

/** '1 печенька', '3 печеньки', '5 печенек'. */
export function cookiesText(count: number): string {
  return countText(count, ['печенька', 'печеньки', 'печенек']);
}

/** '1 день', '3 дня', '5 дней'. */
export function daysText(count: number): string {
  return countText(count, ['день', 'дня', 'дней']);
}
