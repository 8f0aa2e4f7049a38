import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import { DependencyHealth } from './dependency-health';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tracker(check: () => Promise<unknown>) {
  const lines: string[] = [];
  const health = new DependencyHealth(createLogger('debug', (line) => lines.push(line)), { probeIntervalMs: 10, checkTimeoutMs: 50 });
  health.watch('PostgreSQL', check);
  return { health, lines };
}

describe('dependency health', () => {
  const opened: DependencyHealth[] = [];
  afterEach(() => opened.splice(0).forEach((health) => health.close()));

  it('logs one line when a dependency goes down and one when the probe finds it back, however many failures in between', async () => {
    let answering = false;
    const { health, lines } = tracker(async () => {
      if (!answering) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    opened.push(health);
    for (let failure = 0; failure < 50; failure += 1) health.failed('PostgreSQL', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    await sleep(60);
    expect(health.isDown('PostgreSQL')).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN PostgreSQL недоступен \(57P01: terminating connection due to administrator command\)/);
    answering = true;
    await sleep(60);
    expect(health.isDown('PostgreSQL')).toBe(false);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/WARN PostgreSQL снова доступен \(был недоступен \d+\.\d с\)/);
  });

  it('stays down while any connection still reports it down, and comes back with the last one', () => {
    const { health, lines } = tracker(async () => undefined);
    opened.push(health);
    health.failed('Redis', new Error('соединение закрыто'), 'шина: подписка');
    health.failed('Redis', new Error('соединение закрыто'), 'хранилище ключей');
    health.recovered('Redis', 'хранилище ключей');
    expect(health.isDown('Redis')).toBe(true);
    health.recovered('Redis', 'шина: подписка');
    expect(health.isDown('Redis')).toBe(false);
    // A connection that was never down recovering again logs nothing.
    health.recovered('Redis', 'шина: подписка');
    expect(lines.map((line) => line.replace(/^\S+ /, ''))).toEqual([
      'WARN Redis недоступен (соединение закрыто): запросы получают 503, пока он не вернётся',
      expect.stringMatching(/^WARN Redis снова доступен/),
    ]);
  });

  it('concurrent readiness questions share one round of checks', async () => {
    let checks = 0;
    const { health } = tracker(async () => {
      checks += 1;
      await sleep(5);
    });
    opened.push(health);
    const answers = await Promise.all(Array.from({ length: 20 }, () => health.readiness()));
    expect(answers.every((answer) => answer.ready)).toBe(true);
    expect(checks).toBe(1);
    await health.readiness();
    expect(checks).toBe(2);
  });

  it('readiness asks every watched dependency and counts a hung one as down', async () => {
    const { health } = tracker(() => new Promise(() => undefined));
    opened.push(health);
    health.watch('Redis', async () => 'PONG');
    expect(health.uses('Redis')).toBe(true);
    expect(await health.readiness()).toEqual({ ready: false, down: ['PostgreSQL'] });
    health.watch('PostgreSQL', async () => 1);
    expect(await health.readiness()).toEqual({ ready: true, down: [] });
  });
});
