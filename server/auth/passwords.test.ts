import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('демо-пароль');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('демо-пароль', hash)).toBe(true);
    expect(await verifyPassword('демо-парол', hash)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });
  it('never matches the dummy or a malformed hash', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
