import { ratingHandlers } from './handlers';
import { ratingSubscribers } from './subscribers';
import { defineDomain } from '../../domain-module';

export const ratingDomain = defineDomain({
  name: 'rating',
  handlers: ratingHandlers,
  subscribers: ratingSubscribers,
});
