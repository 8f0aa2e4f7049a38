import type { TrainInfo } from '../../src/shared/contract/video-chat';

/**
 * What handlers need from the video-chat runtime: delivery that works across instances. It lives
 * outside the video-chat domain so `Services` can name it without importing a domain.
 */
export interface VerbalChatRuntime {
  /** update_train_info as a server request (acknowledged) to every live socket of the user, on any instance. */
  sendTrainInfo(userId: number, trainInfo: TrainInfo): Promise<void>;
  /** Closes the session's signalling sockets on every instance. */
  closeSignalling(sessionId: number): Promise<void>;
}
