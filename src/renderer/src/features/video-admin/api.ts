import { queryOptions } from '@tanstack/react-query';
import { getAdminVideoTimecodes, getVideo, getVideoChapters, getVideoList } from '@shared/contract/video-admin';
import { api } from '../../lib/api';
import { liveRequest, retryLive } from '../../lib/live-request';

const ROOT = 'videoAdmin';
/** Media states the server's transcode job is still working on. */
const TRANSCODING = ['queued', 'processing'];

/** The video admin's queries, each key written once (a saved or deleted video refreshes the list). */
export const videoAdminQueries = {
  list: () => queryOptions({ queryKey: [ROOT, 'list'], queryFn: () => liveRequest(getVideoList, {}), retry: retryLive }),
  /** One video; the transcode job runs on the server, so look again until the file is ready or failed. */
  video: (videoId: string, enabled: boolean) =>
    queryOptions({
      queryKey: [ROOT, 'video', videoId],
      queryFn: () => liveRequest(getVideo, { videoId }),
      enabled,
      retry: retryLive,
      refetchInterval: (query) => (TRANSCODING.includes(query.state.data?.video.mediaStatus ?? '') ? 3000 : false),
    }),
  /** The chapters a video can belong to (a save may add one). */
  chapters: () => queryOptions({ queryKey: [ROOT, 'chapters'], queryFn: () => liveRequest(getVideoChapters, {}), retry: retryLive }),
  /** A video's timecodes for the editor; always loaded afresh when the editor opens. */
  timecodes: (videoId: string) =>
    queryOptions({
      queryKey: [ROOT, 'timecodes', videoId],
      queryFn: ({ signal }) => api.call(getAdminVideoTimecodes, { videoId }, { handleErrors: true, signal }),
      retry: false,
      gcTime: 0,
    }),
};
