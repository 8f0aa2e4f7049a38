/**
 * School settings of «Сегодня» (issue 39), stored as admin variables like the other school
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
} as const;

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
