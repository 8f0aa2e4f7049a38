import type { z } from 'zod';

/**
 * Generic readers of zod v4 schemas for the contract tests: walk every leaf field of a
 * schema, and build a minimal value that the schema accepts.
 */

/** The parts of zod v4's internal definition these readers look at. */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
  checks?: Array<{ _zod: { def: CheckDef } }>;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  pattern?: RegExp;
}

export function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The schema's own checks (min/max/length/regex/format…), read from its definition. */
export function checksOf(schema: z.ZodType): CheckDef[] {
  return (defOf(schema).checks ?? []).map((check) => check._zod.def);
}

/** The children of a schema: what its values are made of (pipes: the input side only). */
function childrenOf(def: SchemaDef): Array<[string | null, z.ZodType]> {
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {});
    case 'array':
      return [[null, def.element!]];
    case 'union':
      return (def.options ?? []).map((option) => [null, option]);
    case 'intersection':
      return [[null, def.left!], [null, def.right!]];
    case 'record':
      return [[null, def.keyType!], [null, def.valueType!]];
    case 'tuple':
      return [...(def.items ?? []), ...(def.rest ? [def.rest] : [])].map((item) => [null, item]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [[null, def.innerType!]];
    case 'pipe':
      return [[null, def.in!]];
    case 'lazy':
      return [[null, def.getter!()]];
    default:
      return [];
  }
}

/**
 * Calls `visit` for every leaf schema (string, number, enum…) a value must pass through on its
 * way in, with the dotted path of object keys that leads to it ('' for the root).
 */
export function visitLeaves(schema: z.ZodType, visit: (leaf: z.ZodType, path: string) => void, path = '', seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const children = childrenOf(defOf(schema));
  if (children.length === 0) visit(schema, path);
  for (const [key, child] of children) visitLeaves(child, visit, key === null ? path : path ? `${path}.${key}` : key, seen);
}

/** The top-level object fields of an input schema (through pipes, transforms and refinements). */
export function objectShapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'pipe') return objectShapeOf(def.in!);
  if (def.type === 'intersection') return { ...objectShapeOf(def.left!), ...objectShapeOf(def.right!) };
  return {};
}
