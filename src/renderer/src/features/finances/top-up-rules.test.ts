import { describe, expect, it } from 'vitest';
import { ruFinances } from '../../i18n/finances';
import { digitsOnly, formatRoubles, moneyTone } from './money';
import { isInactiveRefusal, normalisedAmount, topUpError } from './top-up-rules';

const t = ruFinances.topUp;

describe('top-up rules (shell §5)', () => {
  it('strips everything but digits as the amount is typed', () => {
    expect(digitsOnly('-5a0 0₽')).toBe('500');
    expect(digitsOnly('1.5')).toBe('15');
    expect(digitsOnly('')).toBe('');
  });

  it('checks empty, the maximum, bad values and the agreement in that order', () => {
    expect(topUpError('', false)).toBe(t.empty);
    expect(topUpError('   ', true)).toBe(t.empty);
    expect(topUpError('20000', false)).toBe(t.tooMuch);
    expect(topUpError('10001', true)).toBe(t.tooMuch);
    expect(topUpError('-5', true)).toBe(t.invalid);
    expect(topUpError('1.5', true)).toBe(t.invalid);
    expect(topUpError('500', false)).toBe(t.notAgreed);
    expect(topUpError('10000', true)).toBeNull();
    expect(topUpError('0', true)).toBeNull();
  });

  it('sends the amount without leading zeros', () => {
    expect(normalisedAmount('0500')).toBe('500');
  });

  it('recognises the server’s inactive-account refusal', () => {
    expect(isInactiveRefusal(t.inactive)).toBe(true);
    expect(isInactiveRefusal('Платёжный сервис недоступен')).toBe(false);
  });
});

describe('money display (shell §4.6)', () => {
  it('colours green above zero, red below, orange at zero', () => {
    expect(moneyTone('500')).toBe('positive');
    expect(moneyTone('-0.5')).toBe('negative');
    expect(moneyTone('0')).toBe('zero');
    expect(moneyTone('0.00')).toBe('zero');
    expect(moneyTone('abc')).toBe('zero');
  });

  it('groups digits and adds the sign only where asked', () => {
    expect(formatRoubles('12500.5').replace(/\s/g, ' ')).toBe('12 500,5');
    expect(formatRoubles('-3500', { signed: true }).replace(/\s/g, ' ')).toBe('−3 500');
    expect(formatRoubles('500', { signed: true })).toBe('+500');
    expect(formatRoubles('500')).toBe('500');
    expect(formatRoubles('n/a')).toBe('n/a');
  });
});
