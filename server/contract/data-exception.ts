/**
 * PostgreSQL SQLSTATE class 22, 'data exception': the database refused a value (22P05 NUL in
 * text, 22003 number out of range, 22021 bad UTF-8, 22P02 bad number text, 22007 bad date…).
 * The contract fields refuse these before a handler runs; this is the net for what slips
 * through, so such a call ends as bad input (400) and never as an internal error (500).
 */
export function dataExceptionCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) ? code : null;
}
