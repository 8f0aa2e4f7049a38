import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalForm, computeSignature, createTimestampSource, signPayload, stableJson } from './signing';

const nodeHmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

describe('stableJson', () => {
  it('sorts keys recursively and writes no spaces', () => {
    expect(stableJson({ b: 1, a: { d: [3, { z: 1, y: 'я' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":"я","z":1}]},"b":1}',
    );
  });
  it('drops undefined object members like JSON does', () => {
    expect(stableJson({ a: undefined, b: '1' })).toBe('{"b":"1"}');
  });
});

describe('canonicalForm', () => {
  it('excludes the signature and prefixes the path', () => {
    expect(canonicalForm('/p', { signature: 'x', ts: 5, device: 'd' })).toBe('/p\n{"device":"d","ts":5}');
  });
});

describe('signatures', () => {
  it('WebCrypto and Node HMAC agree, so browser and server sign identically', async () => {
    const payload = { device: 'dev', ts: 1700000000000, nested: { list: [1, 'два'], flag: '1' } };
    const web = await computeSignature('/app/api/x.php', payload, 'token');
    const node = await computeSignature('/app/api/x.php', payload, 'token', nodeHmac);
    expect(web).toBe(node);
    expect(web).toMatch(/^[0-9a-f]{64}$/);
  });
  it('changes when a nested field changes', async () => {
    const a = await signPayload('/p', { nested: { v: 1 } }, { token: 't', device: 'd' }, 1);
    const b = await signPayload('/p', { nested: { v: 2 } }, { token: 't', device: 'd' }, 1);
    expect(a.signature).not.toBe(b.signature);
  });
  it('timestamps never repeat even within one millisecond', () => {
    const next = createTimestampSource(() => 1000);
    expect([next(), next(), next()]).toEqual([1000, 1001, 1002]);
  });
});
