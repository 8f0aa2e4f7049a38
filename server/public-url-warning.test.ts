import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/helpers/server';
import { createLogger } from './log';
import { plainHttpWarning } from './public-url-warning';

describe('plainHttpWarning', () => {
  it('warns for an http address another machine opens: a name, a LAN address, IPv6', () => {
    for (const url of ['http://school.example', 'http://192.168.1.20:3000', 'http://[fd00::2]:8080', 'http://0.0.0.0:3000']) {
      expect(plainHttpWarning(url), url).toMatch(/^PUBLIC_URL=http:.*адрес без https.*README, «HTTPS»/);
    }
  });

  it('is silent for https and for this machine’s own addresses (localhost is a secure context)', () => {
    for (const url of ['https://school.example', 'https://192.168.1.20', 'http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:3000', 'http://app.localhost']) {
      expect(plainHttpWarning(url), url).toBeUndefined();
    }
  });
});

describe('the start-up warning', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const startWith = async (publicUrl: string) => {
    const lines: string[] = [];
    server = await startTestServer({ env: { PUBLIC_URL: publicUrl }, log: createLogger('warn', (line) => lines.push(line)) });
    return lines;
  };

  it('is one warn line when PUBLIC_URL is plain http on a public address', async () => {
    const lines = await startWith('http://school.example');
    expect(lines.filter((line) => line.includes('PUBLIC_URL='))).toEqual([expect.stringMatching(/ WARN PUBLIC_URL=http:\/\/school\.example: адрес без https/)]);
  });

  it('is absent with an https PUBLIC_URL', async () => {
    const lines = await startWith('https://school.example');
    expect(lines.filter((line) => line.includes('PUBLIC_URL='))).toEqual([]);
  });
});
