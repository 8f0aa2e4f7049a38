import type { Logger } from '../log';

/** What the server cannot answer without. */
export type Dependency = 'PostgreSQL' | 'Redis';

/** A quick question to the dependency (SELECT 1, PING); rejects when it does not answer. */
export type DependencyCheck = () => Promise<unknown>;

/** The source a failed call reports under; cleared only by a successful check. */
export const CALLS_SOURCE = 'calls';

export interface HealthOptions {
  /** How often a down dependency is asked again while nothing else tells us it is back. */
  probeIntervalMs?: number;
  /** A check slower than this counts as down (a balancer must not wait on a hung database). */
  checkTimeoutMs?: number;
  now?: () => number;
}

export interface Readiness {
  ready: boolean;
  down: Dependency[];
}

interface Outage {
  since: number;
  /** Who saw it down: CALLS_SOURCE, or the name of a connection that reports its own state. */
  sources: Set<string>;
}

/**
 * Whether PostgreSQL and Redis answer, with exactly one log line when one goes down and one when
 * it comes back, however many calls, retries and reconnects happen in between. A dependency is
 * down while any source says so; calls are cleared by a successful check (probed every second
 * while down), persistent connections (Redis clients) clear their own source when ready again.
 */
export class DependencyHealth {
  private readonly outages = new Map<Dependency, Outage>();
  private readonly checks = new Map<Dependency, DependencyCheck>();
  private readonly probing = new Set<Dependency>();
  private probeTimer: NodeJS.Timeout | undefined;
  private readinessInFlight: Promise<Readiness> | undefined;
  private closed = false;
  private readonly probeIntervalMs: number;
  private readonly checkTimeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly log: Logger,
    options: HealthOptions = {},
  ) {
    this.probeIntervalMs = options.probeIntervalMs ?? 1_000;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 2_000;
    this.now = options.now ?? Date.now;
  }

  /** How to ask the dependency whether it answers: used by /readyz and by the recovery probe. */
  watch(dependency: Dependency, check: DependencyCheck): void {
    this.checks.set(dependency, check);
  }

  /** Something failed for lack of the dependency; logs only if it was up until now. */
  failed(dependency: Dependency, error: unknown, source = CALLS_SOURCE): void {
    let outage = this.outages.get(dependency);
    if (!outage) {
      outage = { since: this.now(), sources: new Set() };
      this.outages.set(dependency, outage);
      this.log.warn(`${dependency} недоступен (${describeFailure(error)}): запросы получают 503, пока он не вернётся`);
    }
    outage.sources.add(source);
    if (source === CALLS_SOURCE) this.startProbing();
  }

  /** The source sees the dependency answer again; logs once when the last source is clear. */
  recovered(dependency: Dependency, source = CALLS_SOURCE): void {
    const outage = this.outages.get(dependency);
    if (!outage || !outage.sources.delete(source) || outage.sources.size > 0) return;
    this.outages.delete(dependency);
    const seconds = ((this.now() - outage.since) / 1000).toFixed(1);
    this.log.warn(`${dependency} снова доступен (был недоступен ${seconds} с)`);
  }

  /** Whether this server depends on it at all (SQLite installs have no PostgreSQL, Redis is optional). */
  uses(dependency: Dependency): boolean {
    return this.checks.has(dependency);
  }

  isDown(dependency: Dependency): boolean {
    return this.outages.has(dependency);
  }

  /**
   * Asks every watched dependency now; ready only when all answer and no connection is still down.
   * Concurrent callers share one round of checks, so a flood of /readyz costs one SELECT 1 and one PING.
   */
  readiness(): Promise<Readiness> {
    this.readinessInFlight ??= Promise.all([...this.checks.keys()].map((dependency) => this.check(dependency)))
      .then(() => {
        const down = [...this.outages.keys()];
        return { ready: down.length === 0, down };
      })
      .finally(() => {
        this.readinessInFlight = undefined;
      });
    return this.readinessInFlight;
  }

  close(): void {
    this.closed = true;
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }

  private async check(dependency: Dependency): Promise<void> {
    const check = this.checks.get(dependency);
    if (!check) return;
    try {
      await withTimeout(check(), this.checkTimeoutMs);
      this.recovered(dependency);
    } catch (error) {
      this.failed(dependency, error);
    }
  }

  /** Nothing else tells us the database is back (the pool reconnects only when asked): ask it every second. */
  private startProbing(): void {
    if (this.probeTimer || this.closed) return;
    this.probeTimer = setInterval(() => {
      const waiting = [...this.outages].filter(([dependency, outage]) => outage.sources.has(CALLS_SOURCE) && this.checks.has(dependency));
      if (waiting.length === 0) {
        clearInterval(this.probeTimer);
        this.probeTimer = undefined;
        return;
      }
      for (const [dependency] of waiting) {
        if (this.probing.has(dependency)) continue;
        this.probing.add(dependency);
        void this.check(dependency).finally(() => this.probing.delete(dependency));
      }
    }, this.probeIntervalMs);
    this.probeTimer.unref();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`нет ответа за ${ms} мс`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The code and first line of an error, for the outage line (never a stack: one line per outage). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const code = 'code' in error ? error.code : undefined;
  const message = error.message.split('\n')[0]!.slice(0, 200) || error.name;
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
