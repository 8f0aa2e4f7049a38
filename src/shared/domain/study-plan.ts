/**
 * School settings of «Сегодня», stored as admin variables like the other school
 * settings and edited in «Настройки школы». Shared: the server reads them, the admin screen shows
 * their defaults.
 */
export const PLAN_SETTINGS = {
  /** The main ЕГЭ day for обществознание, YYYY-MM-DD; empty: 1 June of the exam year. */
  examDate: 'PLAN_EXAM_DATE',
  /** Minutes of done items that count a day for the streak (the first item done counts it too). */
  minimumMinutes: 'PLAN_MINIMUM_MINUTES',
  /** '1': the profile form blocks a new student as before (shell §3.7); '0': its fields are asked later. */
  profileFormBlocking: 'PROFILE_FORM_BLOCKING',
  /** Moscow hours when no Telegram reminder is sent: from this hour… */
  quietFrom: 'PLAN_QUIET_FROM',
  /** …to this one (22 and 8: 22:00–08:00). */
  quietTo: 'PLAN_QUIET_TO',
} as const;

export const DEFAULT_QUIET_FROM = 22;
export const DEFAULT_QUIET_TO = 8;

/** Hours a student may pick for her daily reminder. */
export const REMINDER_HOURS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21] as const;

/** Whether an hour (0–23) falls in the quiet hours [from, to), which may run over midnight. */
export function isQuietHour(hour: number, quiet: { from: number; to: number }): boolean {
  if (quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
}

/**
 * The hour her reminder really goes out: her own, or, when it is quiet, the end of the quiet hours
 * (a 07:00 choice with quiet hours 22–08 is sent at 08:00 the same day).
 */
export function reminderHourOf(hour: number, quiet: { from: number; to: number }): number {
  return isQuietHour(hour, quiet) ? quiet.to : hour;
}

export const DEFAULT_MINIMUM_MINUTES = 15;

/** The June exam a date prepares for: the school year runs from September. */
export function examYearOf(now: number): number {
  const date = new Date(now);
  return date.getUTCMonth() >= 8 ? date.getUTCFullYear() + 1 : date.getUTCFullYear();
}

/** The exam day when the school set none: 1 June of the exam year (the main period starts then). */
export function defaultExamDate(now: number): string {
  const year = examYearOf(now);
  // In June after the 1st the exam of this year is under way: the next one is a year later.
  return Date.parse(`${year}-06-01T23:59:59+03:00`) < now ? `${year + 1}-06-01` : `${year}-06-01`;
}

/** Whether a text is a real calendar date YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
