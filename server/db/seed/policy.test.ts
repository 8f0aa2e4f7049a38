import { describe, expect, it } from 'vitest';
import { decideDemoPolicy, isLoopbackHost, isPublicAddress } from './policy';

const laptop = { demoSeed: undefined, databaseUrl: 'sqlite:./data/enot.db', host: '127.0.0.1', publicUrl: undefined };

describe('demo policy', () => {
  it('seeds a laptop start and nothing else unless told to', () => {
    expect(decideDemoPolicy(laptop)).toEqual({ seed: true, lockDemoPassword: false });
    expect(decideDemoPolicy({ ...laptop, host: 'localhost' }).seed).toBe(true);
    expect(decideDemoPolicy({ ...laptop, host: '0.0.0.0' }).seed).toBe(false);
    expect(decideDemoPolicy({ ...laptop, databaseUrl: 'postgres://u@h/db' }).seed).toBe(false);
    // Any PUBLIC_URL, even a local one, is an installation someone configured.
    expect(decideDemoPolicy({ ...laptop, publicUrl: 'http://localhost:8080' }).seed).toBe(false);
    expect(decideDemoPolicy({ ...laptop, publicUrl: 'https://school.example' })).toEqual({ seed: false, lockDemoPassword: true });
  });
  it('follows an explicit DEMO_SEED, and only DEMO_SEED=on unlocks the demo password on a public address', () => {
    expect(decideDemoPolicy({ ...laptop, demoSeed: false })).toEqual({ seed: false, lockDemoPassword: false });
    expect(decideDemoPolicy({ ...laptop, host: '0.0.0.0', databaseUrl: 'postgres://u@h/db', demoSeed: true }).seed).toBe(true);
    expect(decideDemoPolicy({ ...laptop, publicUrl: 'https://school.example', demoSeed: true })).toEqual({ seed: true, lockDemoPassword: false });
    expect(decideDemoPolicy({ ...laptop, publicUrl: 'https://school.example', demoSeed: false })).toEqual({ seed: false, lockDemoPassword: true });
  });
  it('tells loopback from public addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'a.localhost', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'school.example']) expect(isLoopbackHost(host)).toBe(false);
    expect(isPublicAddress(undefined)).toBe(false);
    expect(isPublicAddress('http://[::1]:3000')).toBe(false);
    expect(isPublicAddress('https://school.example')).toBe(true);
  });
});
