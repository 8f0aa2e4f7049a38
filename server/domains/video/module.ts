import { videoHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const videoDomain = defineDomain({
  name: 'video',
  handlers: videoHandlers,
});
