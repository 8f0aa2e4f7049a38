import { describe, expect, it } from 'vitest';
import { readThemeState } from './theme';

const stored = (values: Record<string, string>) => (key: string) => values[key] ?? null;

describe('readThemeState', () => {
  it('defaults to light obsh', () => {
    expect(readThemeState(stored({}), false)).toEqual({ dark: false, scheme: 'obsh' });
  });

  it('follows the system when nothing is stored', () => {
    expect(readThemeState(stored({}), true)).toEqual({ dark: true, scheme: 'obsh' });
  });

  it('prefers the stored choice over the system', () => {
    expect(readThemeState(stored({ dark_theme: '1' }), false).dark).toBe(true);
    expect(readThemeState(stored({ dark_theme: '0' }), true).dark).toBe(false);
  });

  it('reads the scheme and ignores unknown ones', () => {
    expect(readThemeState(stored({ 'enot.colorScheme': 'rus' }), false).scheme).toBe('rus');
    expect(readThemeState(stored({ 'enot.colorScheme': 'blue' }), false).scheme).toBe('obsh');
  });
});
