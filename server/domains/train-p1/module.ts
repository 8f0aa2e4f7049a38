import { trainP1Handlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const trainP1Domain = defineDomain({
  name: 'train-p1',
  handlers: trainP1Handlers,
});
