import type { Hono } from 'hono';
import type { Migration } from 'kysely';
import type { CallContract, ParsedInputOf } from '../src/shared/contract/core';
import type { AppEnv } from './contract/http-router';
import type { CallContext } from './contract/implement';
import type { Db } from './db';
import type { Subscriber } from './events/subscriber';
import type { JobDefinition } from './jobs/job';
import type { Services } from './services';

/** One implemented call as a domain lists it (what implement() returns). */
export interface DomainCall {
  contract: CallContract;
  // Method syntax on purpose: each handler keeps its own, narrower input type.
  handler(ctx: CallContext, input: ParsedInputOf<CallContract>): Promise<unknown>;
}

/** What the demo seed gives a domain's step: the seed time and the demo users' ids by login. */
export interface DemoSeedContext {
  now: number;
  userIds: ReadonlyMap<string, number>;
}

/**
 * Everything one server domain adds to the server. Each `server/domains/<name>/module.ts` exports
 * one; `server/domains/index.ts` lists them, and the server, the job runner, the HTTP app, the
 * migrator and the demo seed read that list (README «Домены»).
 */
export interface DomainModule {
  /** The folder name, the same as `src/shared/contract/<name>.ts` and the renderer's `features/<name>`. */
  name: string;
  /** Implemented calls (HTTP and live). */
  handlers?: readonly DomainCall[];
  /** Background job kinds this domain enqueues. */
  jobs?: readonly JobDefinition[];
  /** How this domain reacts to other domains' events (server/events), run in list order. */
  subscribers?: readonly Subscriber[];
  /** HTTP routes outside the call pipeline: uploads, images, streams, webhooks, redirects. */
  mount?: (app: Hono<AppEnv>, services: Services) => void;
  /**
   * Migrations of tables this domain owns, by globally ordered name (`0105-<domain>`): they run
   * in name order together with the ones in server/db/migrations. (Domains written before this
   * list keep theirs there.)
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** Demo content for `npm start` on an empty database; runs after the common demo steps, in list order. */
  seedDemo?: (db: Db, context: DemoSeedContext) => Promise<void>;
}

/** Typed helper for a domain's module.ts. */
export function defineDomain(module: DomainModule): DomainModule {
  return module;
}
