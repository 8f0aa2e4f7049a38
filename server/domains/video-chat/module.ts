import { videoChatHandlers } from './handlers';
import { defineDomain } from '../../domain-module';

export const videoChatDomain = defineDomain({
  name: 'video-chat',
  handlers: videoChatHandlers,
});
