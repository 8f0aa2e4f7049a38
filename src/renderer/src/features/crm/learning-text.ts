import type { StudentLearning } from '@shared/contract/learning';
import { ruCrm } from '../../i18n/crm';

const t = ruCrm.learning;

/** «Прогноз: 71–79 из 100» or «Прогноз: мало данных», as the student's cabinet says it. */
export function forecastText(row: Pick<StudentLearning, 'enoughData' | 'testLow' | 'testHigh'>): string {
  return row.enoughData === '1' && row.testLow !== null && row.testHigh !== null ? t.forecast(row.testLow, row.testHigh) : t.lowData;
}

/** The overdue work in words, or '' when nothing is overdue. */
export function overdueText(overdue: StudentLearning['overdue']): string {
  return t.overdueParts(overdue.homeworkP1, overdue.homeworkP2, overdue.credits);
}

/** Overdue works in total. */
export function overdueCount(overdue: StudentLearning['overdue']): number {
  return overdue.homeworkP1 + overdue.homeworkP2 + overdue.credits;
}

/** Why a student is at risk, in words. */
export function riskText(row: Pick<StudentLearning, 'riskReasons'>): string {
  return row.riskReasons.map((reason) => t.reasons[reason]).join('; ');
}
