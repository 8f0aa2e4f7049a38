import { DEFAULT_MINIMUM_MINUTES, DEFAULT_QUIET_FROM, DEFAULT_QUIET_TO, defaultExamDate, isIsoDate, PLAN_SETTINGS } from '../../../src/shared/domain/study-plan';
import type { Db } from '../../db';

export interface PlanSettings {
  examDate: string;
  /** Whether the school set the exam day (else `examDate` is the default placeholder). */
  examDateFromSchool: boolean;
  minimumMinutes: number;
  /** Moscow hours without reminders, [from, to). */
  quiet: { from: number; to: number };
}

function hourOr(text: string, fallback: number): number {
  const hour = Number(text);
  return text !== '' && Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : fallback;
}

/** The school's «Сегодня» settings (admin variables), with their defaults for what is not set. */
export async function planSettings(db: Db, now: number): Promise<PlanSettings> {
  const rows = await db.selectFrom('admin_variables').select(['name', 'value']).where('name', 'in', [PLAN_SETTINGS.examDate, PLAN_SETTINGS.minimumMinutes, PLAN_SETTINGS.quietFrom, PLAN_SETTINGS.quietTo]).execute();
  const value = (name: string) => rows.find((row) => row.name === name)?.value.trim() ?? '';
  const examDate = value(PLAN_SETTINGS.examDate);
  const minimum = Number(value(PLAN_SETTINGS.minimumMinutes));
  // A past exam day (last year's setting) falls back to the coming one.
  const fromSchool = isIsoDate(examDate) && Date.parse(`${examDate}T23:59:59+03:00`) >= now;
  return {
    examDate: fromSchool ? examDate : defaultExamDate(now),
    examDateFromSchool: fromSchool,
    minimumMinutes: value(PLAN_SETTINGS.minimumMinutes) !== '' && Number.isInteger(minimum) && minimum >= 0 ? minimum : DEFAULT_MINIMUM_MINUTES,
    quiet: { from: hourOr(value(PLAN_SETTINGS.quietFrom), DEFAULT_QUIET_FROM), to: hourOr(value(PLAN_SETTINGS.quietTo), DEFAULT_QUIET_TO) },
  };
}
