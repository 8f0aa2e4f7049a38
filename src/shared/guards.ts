// Type guards for values whose type is not known yet (parsed JSON, caught errors, stored strings):
// a check that narrows, instead of an `as` that only asserts.

/** Whether `value` is one of `options`; narrows it to their union. */
export function isOneOf<const T>(options: readonly T[], value: unknown): value is T {
  return options.some((option) => option === value);
}

/** Whether `value` is a plain object (not null, not an array) whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field of a value of unknown shape (a thrown error, a parsed body), or undefined. */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** The message of whatever was thrown: an Error's message, else the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `value` as one of `options`, for values the app wrote itself (a stored status, channel, bot):
 * one outside them is a fault to report, not input to accept, so it throws instead of passing on.
 */
export function oneOf<const T>(options: readonly T[], value: unknown, what: string): T {
  if (isOneOf(options, value)) return value;
  throw new TypeError(`${what}: неожиданное значение «${String(value)}»`);
}
