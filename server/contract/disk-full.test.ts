import { describe, expect, it } from 'vitest';
import { isDiskFull } from './disk-full';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDiskFull', () => {
  it('knows a full disk or quota from the OS, SQLite and PostgreSQL, also as a cause', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) expect(isDiskFull(withCode(code)), code).toBe(true);
    expect(isDiskFull(new Error('copy failed', { cause: withCode('ENOSPC') }))).toBe(true);
  });

  it('is false for anything else', () => {
    for (const error of [withCode('ENOENT'), withCode('EACCES'), withCode('53200'), new Error('ENOSPC in the text only'), 'ENOSPC', null]) expect(isDiskFull(error)).toBe(false);
  });
});
