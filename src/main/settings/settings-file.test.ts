import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsFile, DEFAULT_SERVER_URL, normalizeServerUrl } from './settings-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'enot-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('normalizeServerUrl', () => {
  it('keeps origin and path prefix, drops the trailing slash', () => {
    expect(normalizeServerUrl(' https://enot.example.ru/ ')).toBe('https://enot.example.ru');
    expect(normalizeServerUrl('http://10.0.0.5:8080/school/')).toBe('http://10.0.0.5:8080/school');
  });

  it('refuses other schemes, credentials and garbage with a Russian message', () => {
    expect(() => normalizeServerUrl('file:///etc/passwd')).toThrow('http:// или https://');
    expect(() => normalizeServerUrl('https://user:pw@enot.ru')).toThrow('не должен содержать');
    expect(() => normalizeServerUrl('enot.ru')).toThrow('полным адресом');
  });
});

describe('settings file', () => {
  it('gives the default address when the file is missing or damaged', () => {
    expect(createSettingsFile(join(dir, 'settings.json')).get().serverUrl).toBe(DEFAULT_SERVER_URL);
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    expect(createSettingsFile(join(dir, 'bad.json')).get().serverUrl).toBe(DEFAULT_SERVER_URL);
  });

  it('saves the address for the next start', () => {
    const file = join(dir, 'sub', 'settings.json');
    expect(createSettingsFile(file).setServerUrl('https://enot.example.ru/')).toBe('https://enot.example.ru');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ serverUrl: 'https://enot.example.ru' });
    expect(createSettingsFile(file).get().serverUrl).toBe('https://enot.example.ru');
  });

  it('keeps the old address when the new one is invalid', () => {
    const settings = createSettingsFile(join(dir, 'settings.json'));
    expect(() => settings.setServerUrl('ftp://x')).toThrow();
    expect(settings.get().serverUrl).toBe(DEFAULT_SERVER_URL);
  });
});
