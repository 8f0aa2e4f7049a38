import { trainSignsHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const trainSignsDomain = defineDomain({
  name: 'train-signs',
  handlers: trainSignsHandlers,
});
