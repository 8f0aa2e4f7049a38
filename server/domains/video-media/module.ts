import { demoMediaJob } from './demo-media';
import { mountVideoPreviews } from './previews';
import { mountStreamBench, mountVideoStream } from './stream';
import { transcodeVideoJob } from './transcode-job';
import { mountVideoUploads } from './uploads';
import { defineDomain } from '../../domain-module';

export const videoMediaDomain = defineDomain({
  name: 'video-media',
  jobs: [transcodeVideoJob, demoMediaJob],
  mount(app, services) {
    mountVideoStream(app, services);
    mountVideoUploads(app, services);
    mountVideoPreviews(app, services);
    // Baseline for tests/bench/stream.ts: segment bytes without the cookie and access checks.
    if (services.config.BENCH_ROUTES) mountStreamBench(app, services);
  },
});
