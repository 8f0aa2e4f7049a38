import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBe('sqlite:./data/enot.db');
    expect(config.PORT).toBe(3000);
    expect(config.DEMO_SEED).toBe(true);
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(config.VK_REDIRECT_URI).toBe('http://127.0.0.1:3000/study/login');
  });
  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Ошибка конфигурации: DATABASE_URL="mysql:\/\/x"/);
    expect(() => loadConfig({ DEMO_SEED: 'maybe' })).toThrow(/DEMO_SEED/);
  });
  it('accepts PostgreSQL and Redis addresses', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://127.0.0.1:6379', DEMO_SEED: 'off' });
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.DEMO_SEED).toBe(false);
  });
  it('seeds the demo only on a laptop start unless DEMO_SEED says so', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://school.example' })).toMatchObject({ DEMO_SEED: false, DEMO_PASSWORD_LOCKED: true });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ DEMO_SEED: false, DEMO_PASSWORD_LOCKED: false });
    expect(loadConfig({ PUBLIC_URL: 'https://school.example', DEMO_SEED: 'on' })).toMatchObject({ DEMO_SEED: true, DEMO_PASSWORD_LOCKED: false });
  });
  it('needs both T-Bank variables or neither', () => {
    expect(loadConfig({}).TBANK_API_URL).toBe('https://securepay.tinkoff.ru/v2');
    expect(() => loadConfig({ TBANK_TERMINAL_KEY: 'T' })).toThrow(/^Ошибка конфигурации: TBANK_PASSWORD=""/);
    expect(() => loadConfig({ TBANK_PASSWORD: 'p' })).toThrow(/TBANK_TERMINAL_KEY/);
    expect(loadConfig({ TBANK_TERMINAL_KEY: 'T', TBANK_PASSWORD: 'p' }).TBANK_TERMINAL_KEY).toBe('T');
  });
  it('runs the test acquirer only on a local install unless told otherwise', () => {
    expect(loadConfig({}).PAYMENTS_TEST_ACQUIRER).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).PAYMENTS_TEST_ACQUIRER).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).PAYMENTS_TEST_ACQUIRER).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://ege.school.example' }).PAYMENTS_TEST_ACQUIRER).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://ege.school.example', PAYMENTS_TEST_ACQUIRER: 'on' }).PAYMENTS_TEST_ACQUIRER).toBe(true);
    expect(loadConfig({ PAYMENTS_TEST_ACQUIRER: 'off' }).PAYMENTS_TEST_ACQUIRER).toBe(false);
  });
});
