import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { onlineSocket } from '../src/shared/contract/shell';
import { buildApp } from './app';
import { IconRulesCache } from './auth/icon-rules';
import type { Config } from './config';
import { migrateToLatest, openDatabase } from './db';
import { seedDemoUsers, type SeededAccount } from './db/seed/demo';
import { seedReferenceData } from './db/seed/reference';
import { warnAboutDemoAccounts } from './db/seed/demo-warning';
import { domainMigrations, domainSeedSteps, domainSubscribers, implementations } from './domains';
import { DomainEvents } from './events/domain-events';
import { JobRunner, jobDefinitions } from './jobs';
import { createTranscriptionProvider } from './providers/transcription';
import { createChatModel } from './providers/chat-model';
import { createPaymentProvider } from './domains/finances/provider';
import { createFlagsPusher } from './domains/shell/flags-push';
import { createKeyValueStore } from './kv';
import { connectRedis } from './kv/redis-connection';
import { ensureKvSweepJob } from './kv/sweep-job';
import { ensureAppliedOpsSweepJob } from './applied-ops/sweep-job';
import { ensurePlanRemindersJob } from './domains/plan/reminders';
import { DependencyHealth } from './health/dependency-health';
import { logUnlessOutage } from './contract/unavailable';
import { sql } from 'kysely';
import { createMemoryBus, createRedisBus } from './live/bus';
import { Hub } from './live/hub';
import { createLivePublisher } from './live/publisher';
import { attachSockets } from './live/sockets';
import { createLogger, systemClock, type Clock, type Logger } from './log';
import { plainHttpWarning } from './public-url-warning';
import { createVkIdProvider } from './providers/vk-id';
import { createStorage } from './providers/storage';
import { createOcrFromConfig } from './providers/ocr';
import { createVideoTools } from './providers/video-tools';
import { enqueueDemoMedia } from './domains/video-media/demo-media';
import type { Services } from './services';
import { ensurePetTickJob } from './domains/pet/life';
import { signallingSocket } from '../src/shared/contract/video-chat';
import { VerbalChatRelay } from './domains/video-chat/signalling';
import { createTimeSlicer } from './scheduling/time-slices';
import { capConnections, connectionCap, httpServerOptions } from './connection-limits';

/**
 * Requests admitted per loop iteration, in ms of work (server/scheduling/time-slices.ts): short
 * enough that a busy server accepts new connections every ~0.5 ms of work, not every ~50 ms.
 */
const TIME_SLICE_MS = 0.5;

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  hub: Hub;
  seeded: SeededAccount[];
  /** Durable background jobs (renewals); tests stop its loop and call `runDue(now)` themselves. */
  jobs: JobRunner;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** PostgreSQL schema to use (tests isolate each server in its own). */
  searchPath?: string;
  /** Where log lines go; by default stdout at LOG_LEVEL (tests read the lines instead). */
  log?: Logger;
}

/** Opens storage, migrates, seeds, and serves HTTP and the live socket. Used by main.ts and tests. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const health = new DependencyHealth(log);
  const opened = openDatabase(config.DATABASE_URL, {
    searchPath: options.searchPath,
    onConnectionError: (error) => health.failed('PostgreSQL', error),
  });
  // SQLite lives in this process: its readiness is the process's own.
  if (opened.dialect === 'postgres') health.watch('PostgreSQL', () => sql`select 1`.execute(opened.db));
  const kv = createKeyValueStore(config.REDIS_URL, config.REDIS_PREFIX, opened.db, () => clock.now(), health);
  const bus = config.REDIS_URL ? createRedisBus(config.REDIS_URL, `${config.REDIS_PREFIX}bus:`, health) : createMemoryBus();
  // Its own connection for /readyz's PING, so readiness never waits behind a call's commands.
  const readinessRedis = config.REDIS_URL ? connectRedis(config.REDIS_URL, { name: 'проверка готовности', health, failFast: true }) : undefined;
  if (readinessRedis) health.watch('Redis', () => readinessRedis.client.ping());
  try {
    await migrateToLatest(opened.db, domainMigrations);
    const now = clock.now();
    await seedReferenceData(opened.db, now);
    const seeded = config.DEMO_SEED ? await seedDemoUsers(opened.db, now, domainSeedSteps) : [];
    if (config.DEMO_PASSWORD_LOCKED) await warnAboutDemoAccounts(opened.db, log);
    const plainHttp = plainHttpWarning(config.PUBLIC_URL);
    if (plainHttp) log.warn(plainHttp);

    // With PORT=0 (tests) the real address is known only after listen; providers read it late.
    let publicUrl = config.PUBLIC_URL;
    const payments = await createPaymentProvider({ config, db: opened.db, log, now: () => clock.now(), publicUrl: () => publicUrl });

    const videoTools = createVideoTools(config, log);
    // `live` needs the hub and the hub needs the services: fill it in right after.
    const services: Services = {
      config,
      db: opened.db,
      dialect: opened.dialect,
      kv,
      clock,
      log,
      health,
      iconRules: new IconRulesCache(opened.db),
      live: undefined as never,
      vkId: createVkIdProvider({ baseUrl: config.VK_ID_URL, clientId: config.VK_CLIENT_ID, redirectUri: config.VK_REDIRECT_URI }),
      payments,
      storage: createStorage(config),
      transcription: createTranscriptionProvider(config, async () => (await videoTools.require()).ffmpeg),
      videoTools,
      chatModel: createChatModel(config),
      // The runner exists only after listen; until then there is nothing to wake.
      wakeJobs: () => undefined,
      verbalChat: undefined as never,
      events: undefined as never,
      ocr: createOcrFromConfig(config, log),
    };
    services.events = new DomainEvents(services, domainSubscribers);
    const hub = new Hub(services, implementations);
    const flags = createFlagsPusher(services, hub);
    services.live = createLivePublisher(bus, hub, async (target, localUserIds) => {
      if (target === 'all') services.iconRules.invalidate();
      await flags.toUsers(localUserIds).catch((error: unknown) => logUnlessOutage(services, 'icons refresh failed', error));
    });
    hub.onConnect(flags.onConnect);
    const verbalChat = new VerbalChatRelay(services, bus, hub);
    services.verbalChat = verbalChat;
    await bus.ready();

    const app = buildApp(services, implementations);
    const slices = createTimeSlicer({ budgetMs: TIME_SLICE_MS });
    const fetch: typeof app.fetch = (request, env, executionContext) => slices.admit(() => app.fetch(request, env, executionContext));
    const server = await new Promise<Server>((resolve) => {
      const created = serve({ fetch, port: config.PORT, hostname: config.HOST, serverOptions: httpServerOptions(config) }, () => resolve(created as Server));
    });
    capConnections(server, connectionCap(config.MAX_CONNECTIONS), log);
    server.on('connection', () => slices.connectionArrived());
    const wss = attachSockets(server, services, {
      [onlineSocket.path]: (ws, caller) => hub.attach(ws, { device: caller.device, userId: caller.userId }, caller),
      [signallingSocket.path]: (ws, caller) => verbalChat.attach(ws, caller),
    });
    const port = (server.address() as AddressInfo).port;
    // With PORT=0 (tests) the real port is known only now.
    const url = config.PORT === 0 ? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}` : config.PUBLIC_URL;
    publicUrl = url;
    const jobs = new JobRunner(services, jobDefinitions);
    services.wakeJobs = () => jobs.wake();
    // Demo videos get real media in the background (cached across servers by content).
    if (config.DEMO_SEED && config.DEMO_MEDIA) await enqueueDemoMedia(services, clock.now());
    await ensurePetTickJob(services, clock.now());
    // Without Redis the replay cache and sign-in counters are rows; expired ones are swept by a job.
    if (!config.REDIS_URL) await ensureKvSweepJob(services, clock.now());
    // Remembered operation ids of offline changes are kept a month.
    await ensureAppliedOpsSweepJob(services, clock.now());
    // «Сегодня»: the daily Telegram reminders look for students whose hour has come.
    await ensurePlanRemindersJob(services, clock.now());
    jobs.start();

    return {
      url,
      port,
      services,
      hub,
      seeded,
      jobs,
      async close() {
        await jobs.stop();
        verbalChat.close();
        hub.close();
        wss.close();
        await closeGracefully(server);
        health.close();
        await bus.close();
        await kv.close();
        await readinessRedis?.close();
        await opened.close();
      },
    };
  } catch (error) {
    health.close();
    await Promise.allSettled([bus.close(), kv.close(), readinessRedis?.close(), opened.close()]);
    throw error;
  }
}

/**
 * Stops listening and waits for the open requests to end. A connection whose answer ends after
 * close() would otherwise stay open for the whole keep-alive time (65 s): each one is closed as
 * it goes idle, and whatever is still open after 10 s is cut.
 */
function closeGracefully(server: { close(callback: () => void): unknown; closeIdleConnections?: () => void; closeAllConnections?: () => void }): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections?.(), 100);
    const cut = setTimeout(() => server.closeAllConnections?.(), 10_000);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections?.();
  });
}
