import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUBLIC_STUN_SERVERS } from '../../config';

describe('ICE_SERVERS', () => {
  it('is empty on a laptop (a loopback address): peers on one machine need no outside server', () => {
    expect(loadConfig({}).ICE_SERVERS).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).ICE_SERVERS).toEqual([]);
  });

  it('on a public address starts with public STUN servers (shell §7.4), the school’s own after them', () => {
    expect(PUBLIC_STUN_SERVERS.length).toBeGreaterThan(0);
    expect(loadConfig({ PUBLIC_URL: 'https://school.example' }).ICE_SERVERS).toEqual(PUBLIC_STUN_SERVERS);
    const turn = { urls: 'turn:turn.school.ru:3478', username: 'enot', credential: 'секрет' };
    expect(loadConfig({ PUBLIC_URL: 'https://school.example', ICE_SERVERS: JSON.stringify([turn]) }).ICE_SERVERS).toEqual([...PUBLIC_STUN_SERVERS, turn]);
  });

  it('PUBLIC_STUN switches the public servers off (a network with no way out) or on (a laptop that wants them)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://school.example', PUBLIC_STUN: 'off' }).ICE_SERVERS).toEqual([]);
    expect(loadConfig({ PUBLIC_STUN: 'on' }).ICE_SERVERS).toEqual(PUBLIC_STUN_SERVERS);
  });

  it('takes a JSON list of STUN and TURN servers with credentials', () => {
    const servers = [{ urls: 'stun:stun.school.ru:3478' }, { urls: ['turn:turn.school.ru:3478?transport=udp', 'turns:turn.school.ru:5349'], username: 'enot', credential: 'секрет' }];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
  });

  it('refuses a malformed value naming the variable', () => {
    for (const bad of ['not json', '{"urls":"stun:x"}', '[{"urls":"http://x"}]', '[{"username":"u"}]']) {
      expect(() => loadConfig({ ICE_SERVERS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ICE_SERVERS: bad })).toThrow(/ICE_SERVERS/);
    }
  });
});
