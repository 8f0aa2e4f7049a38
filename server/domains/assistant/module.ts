import { answerQuestionJob } from './answer-job';
import { assistantHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const assistantDomain = defineDomain({
  name: 'assistant',
  handlers: assistantHandlers,
  jobs: [answerQuestionJob],
});
