import type { Config } from './config';
import type { Db } from './db';
import type { Dialect } from './db/migrations/helpers';
import type { IconRulesCache } from './auth/icon-rules';
import type { DependencyHealth } from './health/dependency-health';
import type { DomainEventBus } from './events/event';
import type { KeyValueStore } from './kv';
import type { LivePublisher } from './live/publisher';
import type { Clock, Logger } from './log';
import type { OcrProvider } from './providers/ocr';
import type { PaymentProvider } from './providers/payments';
import type { StorageProvider } from './providers/storage';
import type { TranscriptionProvider } from './providers/transcription';
import type { ChatModelProvider } from './providers/chat-model';
import type { VideoTools } from './providers/video-tools';
import type { VkIdProvider } from './providers/vk-id';
import type { VerbalChatRuntime } from './signalling/verbal-chat-runtime';

/**
 * Everything a use case may need, with no HTTP or socket in sight, so the same service code
 * serves HTTP calls, live messages and background jobs.
 */
export interface Services {
  config: Config;
  db: Db;
  dialect: Dialect;
  kv: KeyValueStore;
  clock: Clock;
  log: Logger;
  /** Whether PostgreSQL and Redis answer; logs each outage once (server/health). */
  health: DependencyHealth;
  iconRules: IconRulesCache;
  live: LivePublisher;
  vkId: VkIdProvider;
  /** Acquiring: T-Bank when configured, else the built-in test acquirer (server/providers/test-acquirer.ts). */
  payments: PaymentProvider;
  /** Uploaded sources, HLS renditions and previews (STORAGE_DIR by default). */
  storage: StorageProvider;
  /** Speech-to-text for video lessons; not configured without TRANSCRIPTION_URL. */
  transcription: TranscriptionProvider;
  /** ffmpeg and ffprobe (FFMPEG_PATH, the OS, or the npm package), checked on first need. */
  videoTools: VideoTools;
  /** OpenAI-compatible chat model (LLM_URL) for the assistant and AI checks; not configured without it. */
  chatModel: ChatModelProvider;
  /** Asks the job runner to look for due jobs now instead of at its next poll (a no-op while it is stopped). */
  wakeJobs(): void;
  /** Domain events: a use case states a fact in its transaction; the reacting domains subscribe (server/events). */
  events: DomainEventBus;
  /** Video-chat delivery across instances: acknowledged train info, closing signalling channels. */
  verbalChat: VerbalChatRuntime;
  /** Text of page images (textbooks, part 2 explanations): tesseract from the OS or TESSERACT_PATH. */
  ocr: OcrProvider;
}
