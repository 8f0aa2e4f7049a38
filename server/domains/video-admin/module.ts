import { videoAdminHandlers } from './handlers';
import { transcribeManyVideosJob, transcribeVideoJob } from './transcription-jobs';
import { defineDomain } from '../../domain-module';

export const videoAdminDomain = defineDomain({
  name: 'video-admin',
  handlers: videoAdminHandlers,
  jobs: [transcribeVideoJob, transcribeManyVideosJob],
});
