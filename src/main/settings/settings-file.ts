import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';

export interface DesktopSettings {
  /** Origin (plus an optional path prefix) of the Enot server, without a trailing slash. */
  serverUrl: string;
}

/**
 * Normalises a server address typed by the user: http(s) only, no credentials, query or
 * fragment, no trailing slash (the API client appends '/app/api/...'). Throws a Russian message.
 */
export function normalizeServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error('Адрес сервера должен быть полным адресом, например http://127.0.0.1:3000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('Адрес сервера должен начинаться с http:// или https://');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('Адрес сервера не должен содержать имя пользователя, параметры или #');
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

const settingsSchema = z.object({ serverUrl: z.string() });

/**
 * A small JSON settings file in the user data folder. A missing or damaged file gives the
 * defaults (the app must start); writes replace the file atomically (temp file + rename).
 */
export function createSettingsFile(file: string) {
  function read(): DesktopSettings {
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return { serverUrl: normalizeServerUrl(parsed.data.serverUrl) };
    } catch {
      // Missing, unreadable or hand-edited into nonsense: fall back to the defaults.
    }
    return { serverUrl: DEFAULT_SERVER_URL };
  }

  let current = read();

  return {
    get: (): DesktopSettings => current,
    /** Validates, saves and returns the normalised address. */
    setServerUrl(input: string): string {
      const next: DesktopSettings = { ...current, serverUrl: normalizeServerUrl(input) };
      mkdirSync(dirname(file), { recursive: true });
      const temp = `${file}.tmp`;
      writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
      renameSync(temp, file);
      current = next;
      return next.serverUrl;
    },
  };
}

export type SettingsFile = ReturnType<typeof createSettingsFile>;
