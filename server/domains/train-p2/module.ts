import { aiCheckJob } from './ai-check-job';
import { trainP2Handlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const trainP2Domain = defineDomain({
  name: 'train-p2',
  handlers: trainP2Handlers,
  jobs: [aiCheckJob],
});
