import { renewalJob } from '../domains/finances/subscription-renewal';
import { demoMediaJob } from '../domains/video-media/demo-media';
import { transcodeVideoJob } from '../domains/video-media/transcode-job';
import { transcribeManyVideosJob, transcribeVideoJob } from '../domains/video-admin/transcription-jobs';
import { mailingSendJob } from '../domains/mailings/send-job';
import { digitizeBookPagesJob } from '../domains/textbooks/digitize-job';
import { digitizeManyPoyasnJob, digitizePoyasnJob } from '../domains/question-bank-p2/digitize-job';
import { petTickJob } from '../domains/pet/life';
import type { JobDefinition } from './job';
import { answerQuestionJob } from '../domains/assistant/answer-job';
import { aiCheckJob } from '../domains/train-p2/ai-check-job';
import { kvSweepJob } from '../kv/sweep-job';

export { JobRunner, type JobRunnerOptions } from './runner';
export { enqueueJob } from './queue';
export { defineJob, type ClaimedJob, type JobDefinition, type JobKind, type JobOutcome } from './job';

/** Every job kind the runner knows; a domain adds its kinds here. */
export const jobDefinitions: readonly JobDefinition[] = [renewalJob, transcodeVideoJob, demoMediaJob, transcribeVideoJob, transcribeManyVideosJob, digitizeBookPagesJob, digitizePoyasnJob, digitizeManyPoyasnJob, answerQuestionJob, aiCheckJob, petTickJob, mailingSendJob, kvSweepJob] as JobDefinition[];
