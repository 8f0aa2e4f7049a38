import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../../src/shared/contract';
import { allContracts } from '../../src/shared/contract';
import { INT32_MAX, INT32_MIN } from '../../src/shared/contract/fields';
import { checksOf, defOf, objectShapeOf, visitLeaves } from '../helpers/zod-schema';

const BAD_TEXT = ['a\u0000b', '\u0000', '\uD800', 'x\uDC00y', 'emoji cut \uD83D'];

/** Integer leaves: `z.number().int()` / `z.int()`. */
function isInteger(leaf: z.ZodType): boolean {
  const def = defOf(leaf) as { type: string; format?: string };
  if (def.type !== 'number') return false;
  return def.format === 'safeint' || def.format === 'int32' || checksOf(leaf).some((check) => check.check === 'number_format');
}

/** A wide integer says so with `max(Number.MAX_SAFE_INTEGER)` (see `safeInteger`). */
function isDeclaredWide(leaf: z.ZodType): boolean {
  return checksOf(leaf).some((check) => check.check === 'less_than' && check.value === Number.MAX_SAFE_INTEGER);
}

/** `id`, `videoId`, `cardId`… (a score like `ballov` sent as digits is checked by its handler). */
const ID_NAME = /(^id|Id|ID)$/;

/** What a client sends and the server parses: call inputs and frames the client may send. */
const inputs: Array<[string, z.ZodType]> = allContracts.flatMap((contract): Array<[string, z.ZodType]> => {
  if (contract.kind === 'http' || contract.kind === 'live') return [[contract.path, contract.input]];
  if (contract.kind === 'frame' && contract.from !== 'server') return [[contract.path, contract.data]];
  return [];
});

/** The signed `data` part of uploads and downloads (`uploadVideoData`, `createFileData`…), parsed by their own routes. */
const dataParts: Array<[string, z.ZodType]> = Object.values(contract).flatMap((module) =>
  typeof module === 'object' && module !== null && !Array.isArray(module) && !('kind' in module)
    ? Object.entries(module).filter((entry): entry is [string, z.ZodType] => entry[0].endsWith('Data') && typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1])
    : [],
);
inputs.push(...dataParts);

/**
 * Issue #25 item 3: no call can reach the database with a NUL, a lone surrogate or an id past
 * int32. Walks every input schema, so a new contract written with a bare `z.string()` or
 * `z.number().int()` fails here.
 */
describe('every contract input refuses what the database cannot store', () => {
  it('covers the contracts', () => {
    expect(inputs.length).toBeGreaterThan(200);
    expect(dataParts.map(([name]) => name)).toEqual(expect.arrayContaining(['uploadVideoData', 'uploadPreviewData', 'createFileData', 'uploadBookPageData']));
  });

  it('every string field refuses NUL and lone surrogates', () => {
    const accepting: string[] = [];
    for (const [path, schema] of inputs) {
      visitLeaves(schema, (leaf, field) => {
        if (defOf(leaf).type !== 'string') return;
        for (const value of BAD_TEXT) if (leaf.safeParse(value).success) accepting.push(`${path} ${field} accepts ${JSON.stringify(value)}`);
      });
    }
    expect(accepting, 'use safeString() / text() from ./fields').toEqual([]);
  });

  it('every integer field refuses 2^31 and -2^31-1 unless declared wide (safeInteger)', () => {
    const accepting: string[] = [];
    for (const [path, schema] of inputs) {
      visitLeaves(schema, (leaf, field) => {
        if (!isInteger(leaf) || isDeclaredWide(leaf)) return;
        for (const value of [INT32_MAX + 1, INT32_MIN - 1]) if (leaf.safeParse(value).success) accepting.push(`${path} ${field} accepts ${value}`);
      });
    }
    expect(accepting, 'use int32() / intLike from ./fields').toEqual([]);
  });

  it('an id field that takes digits refuses an id past int32 as digits too', () => {
    const accepting: string[] = [];
    for (const [path, schema] of inputs) {
      for (const [field, fieldSchema] of Object.entries(objectShapeOf(schema))) {
        if (!ID_NAME.test(field)) continue;
        const takesDigits = fieldSchema.safeParse('1').success;
        const isBoundedNumber = fieldSchema.safeParse(1).success && !fieldSchema.safeParse(INT32_MAX + 1).success;
        if (takesDigits && isBoundedNumber && fieldSchema.safeParse(String(INT32_MAX + 1)).success) accepting.push(`${path} ${field}`);
      }
    }
    expect(accepting, 'use intLike from ./fields').toEqual([]);
  });
});
