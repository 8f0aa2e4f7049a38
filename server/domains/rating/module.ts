import { ratingHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const ratingDomain = defineDomain({
  name: 'rating',
  handlers: ratingHandlers,
});
