import { RATING_STATISTIC_MAX_DAYS } from '@shared/contract/rating';
import { addDays, addMonths, todayIso } from '../../ui';

/** Shell §2.10: the rating chart's period is the whole period or the last month (no free range). */
export const CHART_PERIODS = ['whole', 'month'] as const;
export type ChartPeriodChoice = (typeof CHART_PERIODS)[number];

export interface ChartPeriod {
  startDate: string;
  endDate: string;
}

/**
 * The days a choice asks the server for. 'The whole period' is as far back as the call allows (a
 * year: one course); the server starts the line at the student's first change, so a student who
 * joined in spring does not see months of zeros.
 */
export function chartPeriod(choice: ChartPeriodChoice, today = todayIso()): ChartPeriod {
  const startDate = choice === 'month' ? addMonths(today, -1) : addDays(today, -(RATING_STATISTIC_MAX_DAYS - 1));
  return { startDate, endDate: today };
}
