import { describe, expect, it } from 'vitest';
import { telegramAuthDataSchema } from '../../../src/shared/contract/account';
import { checkTelegramLogin, telegramDataCheckString, telegramLoginHash } from './telegram-login';

const TOKEN = '7012345678:AAFakeButWellFormedToken_123456';
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const nowS = Math.floor(NOW / 1000);

/** A payload signed the way Telegram signs it (the widget's user object). */
function signed(fields: Record<string, string | number>, token = TOKEN) {
  return telegramAuthDataSchema.parse({ ...fields, hash: telegramLoginHash(fields, token) });
}

const alisa = { id: 512345678, first_name: 'Алиса', last_name: 'Смирнова', username: 'alisa_smirnova', photo_url: 'https://t.me/i/userpic/320/a.jpg', auth_date: nowS - 30 };

describe('Telegram Login Widget check (core.telegram.org/widgets/login)', () => {
  it('builds the data-check-string from the sorted fields except hash', () => {
    expect(telegramDataCheckString({ username: 'u', id: 1, hash: 'x', auth_date: 5, first_name: 'A' })).toBe('auth_date=5\nfirst_name=A\nid=1\nusername=u');
  });

  it('matches a hash computed independently: HMAC-SHA256 keyed by SHA256(token), hex', async () => {
    const { createHash, createHmac } = await import('node:crypto');
    const key = createHash('sha256').update(TOKEN).digest();
    const expected = createHmac('sha256', key).update(`auth_date=${alisa.auth_date}\nfirst_name=Алиса\nid=512345678\nlast_name=Смирнова\nphoto_url=${alisa.photo_url}\nusername=alisa_smirnova`).digest('hex');
    expect(telegramLoginHash(alisa, TOKEN)).toBe(expected);
  });

  it('accepts a valid payload, with the hash in either case', () => {
    const data = signed(alisa);
    expect(checkTelegramLogin(data, TOKEN, NOW)).toEqual({ ok: true, tgId: '512345678', username: 'alisa_smirnova' });
    expect(checkTelegramLogin({ ...data, hash: data.hash.toUpperCase() }, TOKEN, NOW).ok).toBe(true);
  });

  it('accepts a payload without the optional fields', () => {
    const data = signed({ id: 42, first_name: 'Егор', auth_date: nowS });
    expect(checkTelegramLogin(data, TOKEN, NOW)).toEqual({ ok: true, tgId: '42', username: '' });
  });

  it('refuses a tampered field, an added field and a removed field', () => {
    const data = signed(alisa);
    expect(checkTelegramLogin({ ...data, username: 'someone_else' }, TOKEN, NOW)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin({ ...data, id: 512345679 }, TOKEN, NOW)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin({ ...data, auth_date: nowS }, TOKEN, NOW)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin({ ...data, is_admin: 1 }, TOKEN, NOW)).toEqual({ ok: false, reason: 'hash' });
    const { photo_url: _photo, ...withoutPhoto } = data;
    expect(checkTelegramLogin(withoutPhoto, TOKEN, NOW)).toEqual({ ok: false, reason: 'hash' });
  });

  it('keeps fields Telegram may add in the check', () => {
    const data = signed({ ...alisa, allows_write_to_pm: 'true' });
    expect(checkTelegramLogin(data, TOKEN, NOW).ok).toBe(true);
  });

  it("refuses a payload signed with another bot's token", () => {
    const data = signed(alisa, '7099999999:AAAnotherBotsTokenEntirely_987');
    expect(checkTelegramLogin(data, TOKEN, NOW)).toEqual({ ok: false, reason: 'hash' });
  });

  it('refuses an auth_date older than one day or in the future', () => {
    expect(checkTelegramLogin(signed({ ...alisa, auth_date: nowS - 86_400 }), TOKEN, NOW).ok).toBe(true);
    expect(checkTelegramLogin(signed({ ...alisa, auth_date: nowS - 86_401 }), TOKEN, NOW)).toEqual({ ok: false, reason: 'stale' });
    expect(checkTelegramLogin(signed({ ...alisa, auth_date: nowS + 3_600 }), TOKEN, NOW)).toEqual({ ok: false, reason: 'future' });
  });
});
