import { describe, expect, it } from 'vitest';
import { wireStartAt } from './CreateMailingPopup';

// The mailing's start is typed in Russian (ДД.ММ.ГГГГ ЧЧ:ММ), sent as the wire's Moscow time.
describe('wireStartAt', () => {
  it('turns the Russian entry into the wire form, empty into «at once»', () => {
    expect(wireStartAt('01.12.2026 18:00')).toBe('2026-12-01 18:00:00');
    expect(wireStartAt(' 5.3.2027 9:05 ')).toBe('2027-03-05 09:05:00');
    expect(wireStartAt('')).toBe('');
  });
  it('refuses what is not a real date and time', () => {
    for (const text of ['12/01/2026 18:00', '31.02.2026 10:00', '01.12.2026 24:00', '01.12.2026', 'завтра']) expect(wireStartAt(text)).toBeNull();
  });
});
