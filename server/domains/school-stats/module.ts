import { schoolStatsHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const schoolStatsDomain = defineDomain({
  name: 'school-stats',
  handlers: schoolStatsHandlers,
});
