import { trainVerbalHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const trainVerbalDomain = defineDomain({
  name: 'train-verbal',
  handlers: trainVerbalHandlers,
});
