import { isOneOf } from '../guards';
/** Every user type the product knows, spelled as the wire and the UI spell them. */
export const USER_TYPES = [
  'Админ',
  'Куратор',
  'Интенсив',
  'Демо',
  'Неактивный',
  'Частичный',
  'Подписка',
  'Пакетник',
  'Ученик',
] as const;

export type UserType = (typeof USER_TYPES)[number];

/** Staff types: they work in the back office and are never shown as students. */
export const STAFF_TYPES: readonly UserType[] = ['Админ', 'Куратор'];

/** Whether a type as the wire carries it (a plain string) is a staff type. */
export function isStaffType(type: string): boolean {
  return STAFF_TYPES.some((staff) => staff === type);
}

/** How long a fresh sign-up stays a demo user. */
export const DEMO_DAYS = 7;

/**
 * The type that decides access right now: a demo whose 7 days are over is treated as inactive
 * (they can still sign in, but reach only what an inactive user may).
 */
export function effectiveUserType(type: UserType, demoUntil: number | null, now: number): UserType {
  if (type === 'Демо' && demoUntil !== null && demoUntil <= now) return 'Неактивный';
  return type;
}

export function isUserType(value: string): value is UserType {
  return isOneOf(USER_TYPES, value);
}

/** The checking queue curators and checkers land on (decided by the server, see server/auth/landing.ts). */
export const CHECKING_QUEUE_PATH = '/study/curator/homeworks';

/** Where a student starts her day: «Сегодня»; the road is one tap away. */
export const TODAY_PATH = '/study/today';

/** Where the client goes after sign-in (shell §2.4, except that students land on «Сегодня»). */
export function landingPathFor(type: UserType): string {
  if (type === 'Неактивный') return '/study';
  return isStaffType(type) ? '/study/roadmap' : TODAY_PATH;
}
