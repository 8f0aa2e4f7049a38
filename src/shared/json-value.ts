import type { JsonValue } from './desktop-api';

/**
 * Any value as the JsonValue that JSON.stringify would make of it (what the offline stores keep):
 * `toJSON` honoured (dates become ISO text), undefined / functions / symbols left out of objects
 * and null in arrays, non-finite numbers null. Checked, not asserted, so typed records (drafts,
 * outbox payloads) go into the stores with no cast. Throws a TypeError on what JSON refuses too:
 * a BigInt, a cycle, or nothing storable at the top.
 */
export function toJsonValue(value: unknown): JsonValue {
  const converted = convert(value, new Set());
  if (converted === undefined) throw new TypeError('Значение нельзя сохранить как JSON');
  return converted;
}

/** JSON text (of a store, of IPC) parsed and checked to be JSON data. */
export function parseJsonValue(text: string): JsonValue {
  return toJsonValue(JSON.parse(text));
}

function hasToJson(value: object): value is { toJSON(): unknown } {
  return 'toJSON' in value && typeof value.toJSON === 'function';
}

function convert(value: unknown, open: Set<object>): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') throw new TypeError('Значение нельзя сохранить как JSON: BigInt');
  if (typeof value !== 'object') return undefined; // undefined, a function, a symbol
  if (hasToJson(value)) return convert(value.toJSON(), open);
  if (open.has(value)) throw new TypeError('Значение нельзя сохранить как JSON: циклическая ссылка');
  open.add(value);
  try {
    if (Array.isArray(value)) return value.map((item: unknown) => convert(item, open) ?? null);
    const result: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      const converted = convert(item, open);
      if (converted !== undefined) result[key] = converted;
    }
    return result;
  } finally {
    open.delete(value);
  }
}
