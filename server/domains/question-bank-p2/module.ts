import { creditQuestionHandlers } from './credit-handlers';
import { taskCriteriaHandlers } from './criteria-handlers';
import { digitizeManyPoyasnJob, digitizePoyasnJob } from './digitize-job';
import { questionBankP2Handlers } from './handlers';
import { mountP2Images } from './images';
import { defineDomain } from '../../domain-module';

export const questionBankP2Domain = defineDomain({
  name: 'question-bank-p2',
  handlers: [...questionBankP2Handlers, ...creditQuestionHandlers, ...taskCriteriaHandlers],
  jobs: [digitizePoyasnJob, digitizeManyPoyasnJob],
  mount(app, services) {
    mountP2Images(app, services);
  },
});
