import type { z } from 'zod';
import { checksOf, defOf } from './zod-schema';

/**
 * A minimal value that a zod v4 schema accepts, built from the schema alone (for the generic
 * fuzz: an otherwise valid input with one hostile field). Optional fields are left out, arrays
 * get their minimum length. Each part is tried against its own schema; `undefined` when no
 * candidate passes (a regex or refinement the sampler cannot guess).
 */
export function sampleValue(schema: z.ZodType): { value: unknown } | undefined {
  for (const value of candidates(schema, 0)) {
    if (schema.safeParse(value).success) return { value };
  }
  return undefined;
}

/** Strings that satisfy the usual wire patterns (dates, times, numbers, e-mails, links). */
const STRING_GUESSES = ['1', 'Текст', '2026-01-15', '2026-01-15T10:00:00.000Z', '2026-01-15_10:00:00', '10:00', '12.5', 'id1', 'a@example.ru', 'https://example.ru/a', '+79990000000', 'all', 'taskNum:1', 'abc123', '0123456789abcdef'.repeat(4), ''];
const NUMBER_GUESSES = [1, 0, 2, 5, 10, 100, 2026, 0.5, -1];
const MAX_DEPTH = 12;

function minLengthOf(schema: z.ZodType): number {
  let min = 0;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length' && typeof check.minimum === 'number') min = Math.max(min, check.minimum);
    if (check.check === 'length_equals' && typeof check.length === 'number') min = check.length;
  }
  return min;
}

/** A few values worth trying for `schema`, most likely first. */
function candidates(schema: z.ZodType, depth: number): unknown[] {
  if (depth > MAX_DEPTH) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const min = minLengthOf(schema);
      return [...STRING_GUESSES, 'a'.repeat(Math.max(min, 1)), '1'.repeat(Math.max(min, 1))];
    }
    case 'number':
    case 'int':
      return NUMBER_GUESSES;
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    case 'undefined':
    case 'void':
      return [undefined];
    case 'unknown':
    case 'any':
      return [undefined, 'x'];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'optional':
    case 'default':
    case 'prefault':
      return [undefined];
    case 'nullable':
      return [null];
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return candidates(def.innerType!, depth + 1);
    case 'lazy':
      return candidates(def.getter!(), depth + 1);
    case 'pipe':
      return candidates(def.in!, depth + 1);
    case 'union':
      return (def.options ?? []).flatMap((option) => candidates(option, depth + 1));
    case 'array': {
      const element = firstPassing(def.element!, depth + 1);
      const length = minLengthOf(schema);
      if (length === 0) return [[]];
      return element ? [Array.from({ length }, () => element.value)] : [];
    }
    case 'tuple': {
      const items = (def.items ?? []).map((item) => firstPassing(item, depth + 1));
      return items.every(Boolean) ? [items.map((item) => item!.value)] : [];
    }
    case 'record':
      return [{}];
    case 'object': {
      // Required fields only; then with the optional ones too (for a refinement that wants one of them).
      const required: Record<string, unknown> = {};
      const full: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const optional = field.safeParse(undefined).success;
        const sample = firstPassing(optional ? unwrapOptional(field) : field, depth + 1);
        if (sample && sample.value !== undefined && field.safeParse(sample.value).success) full[key] = sample.value;
        if (optional) continue;
        if (!sample) return [];
        required[key] = sample.value;
      }
      return [required, full];
    }
    case 'intersection': {
      const left = firstPassing(def.left!, depth + 1);
      const right = firstPassing(def.right!, depth + 1);
      if (!left || !right) return [];
      const both = (value: unknown) => (typeof value === 'object' && value !== null ? value : {});
      return [{ ...both(left.value), ...both(right.value) }];
    }
    default:
      return [];
  }
}

/** The schema inside `.optional()` / `.default()`, so an optional field can get a real value. */
function unwrapOptional(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  return ['optional', 'default', 'prefault'].includes(def.type) ? unwrapOptional(def.innerType!) : schema;
}

function firstPassing(schema: z.ZodType, depth: number): { value: unknown } | undefined {
  for (const value of candidates(schema, depth)) {
    if (schema.safeParse(value).success) return { value };
  }
  return undefined;
}
