import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('ICE_SERVERS', () => {
  it('is empty by default: peers on one machine or a LAN need no relay', () => {
    expect(loadConfig({}).ICE_SERVERS).toEqual([]);
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
