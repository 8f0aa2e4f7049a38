import type { JobDefinition } from './job';
import { domainJobs } from '../domains';
import { kvSweepJob } from '../kv/sweep-job';
import { appliedOpsSweepJob } from '../applied-ops/sweep-job';
import { domainEventJob } from '../events/domain-events';

export { JobRunner, type JobRunnerOptions } from './runner';
export { enqueueJob } from './queue';
export { defineJob, type ClaimedJob, type JobDefinition, type JobKind, type JobOutcome } from './job';

/** Every job kind the runner knows: the domains' (their module.ts), domain events' after-commit half, and the runner's own housekeeping. */
export const jobDefinitions: readonly JobDefinition[] = [...domainJobs, domainEventJob, kvSweepJob, appliedOpsSweepJob];
