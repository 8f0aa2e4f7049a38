import type { CallContract } from '../../src/shared/contract/core';
import { sampleValue } from './zod-sample';
import { objectShapeOf } from './zod-schema';

/**
 * Inputs that put one hostile value (a NUL byte, a lone surrogate, a number beyond int32 or
 * beyond any integer column) into one field: alone, and inside an otherwise valid input built
 * from the contract's own schema.
 */

/** Strings PostgreSQL cannot store (NUL) or that are not text at all (lone UTF-16 surrogates). */
export const BAD_TEXT = ['a\u0000b', '\uD800', 'x\uDC00y'] as const;
/** Beyond int32 (PostgreSQL `integer`), beyond a safe integer, beyond `bigint`. */
export const OUT_OF_RANGE = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308] as const;
/** An id past int32 in the digit-string form old clients send. */
export const OUT_OF_RANGE_DIGITS = '2147483648';

export const HOSTILE_VALUES: readonly unknown[] = [...BAD_TEXT, ...OUT_OF_RANGE, OUT_OF_RANGE_DIGITS];

export interface HostileCase {
  /** Where the value sits: `field` or `field.nested.0.leaf`. */
  path: string;
  value: unknown;
  input: Record<string, unknown>;
  /** The rest of the input is a valid sample (else the field is alone). */
  insideValid: boolean;
}

type Json = Record<string, unknown> | unknown[];

/** Paths of every primitive inside `value` (object keys and array indexes). */
function primitivePaths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => primitivePaths(item, [...prefix, String(index)]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => primitivePaths(item, [...prefix, key]));
  return prefix.length > 0 ? [prefix] : [];
}

function withValueAt(root: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Json = copy;
  for (const key of path.slice(0, -1)) node = (node as Record<string, unknown>)[key] as Json;
  (node as Record<string, unknown>)[path.at(-1)!] = value;
  return copy;
}

/** A valid input for the contract, or why there is none. */
export function validSample(contract: CallContract): { input: Record<string, unknown> } | { skipped: string } {
  const sample = sampleValue(contract.input);
  if (!sample) return { skipped: 'no valid input could be built from the schema' };
  if (typeof sample.value !== 'object' || sample.value === null || Array.isArray(sample.value)) return { skipped: 'input is not an object' };
  return { input: sample.value as Record<string, unknown> };
}

/** Every hostile value in every field: alone, and (when a valid sample exists) inside it; the sample itself too. */
export function hostileCases(contract: CallContract, valid: Record<string, unknown> | undefined): HostileCase[] {
  const cases: HostileCase[] = [];
  const topLevel = Object.keys(objectShapeOf(contract.input));
  for (const field of topLevel) {
    for (const value of HOSTILE_VALUES) cases.push({ path: field, value, input: { [field]: value }, insideValid: false });
  }
  if (valid) {
    // The valid sample itself first: whatever a handler makes of it, never a 5xx. Calls without
    // fields are left out: one of them is sign-out, which would end the session of every later call.
    if (topLevel.length > 0) cases.push({ path: '', value: undefined, input: valid, insideValid: true });
    const paths = primitivePaths(valid);
    for (const field of topLevel) if (!(field in valid)) paths.push([field]);
    for (const path of paths) {
      for (const value of HOSTILE_VALUES) cases.push({ path: path.join('.'), value, input: withValueAt(valid, path, value), insideValid: true });
    }
  }
  return cases;
}

/** NUL and lone surrogates must never pass a contract; out-of-range numbers only where the schema declares them. */
export function mustBeRefused(contract: CallContract, hostile: HostileCase): boolean {
  if ((BAD_TEXT as readonly unknown[]).includes(hostile.value)) return true;
  return !contract.input.safeParse(hostile.input).success;
}
