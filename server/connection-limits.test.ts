import { describe, expect, it } from 'vitest';
import { connectionCap, openFilesLimit } from './connection-limits';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63432                63432                processes
Max open files            1024                 524288               files
`;

describe('the connection cap', () => {
  it('reads the soft open-files limit from /proc/self/limits text', () => {
    expect(openFilesLimit(LIMITS)).toBe(1024);
    expect(openFilesLimit(LIMITS.replace('1024 ', 'unlimited '))).toBeNull();
    expect(openFilesLimit('nothing here')).toBeNull();
  });

  it('is MAX_CONNECTIONS when set, else 10 000 capped at 80 % of the open-files limit', () => {
    expect(connectionCap(50, 1024)).toBe(50);
    expect(connectionCap(undefined, 1024)).toBe(819);
    expect(connectionCap(undefined, 65536)).toBe(10_000);
    expect(connectionCap(undefined, null)).toBe(10_000);
  });
});
