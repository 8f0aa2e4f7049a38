/**
 * Size limits every JSON input must fit in before anything walks it recursively (the canonical
 * form of a signature, zod, logging). No contract comes near them: the longest input list is 5000
 * Telegram nicknames, the widest input object a 200-segment check.
 *
 * Shared by the server (HTTP bodies, socket frames, upload `data` parts) and `stableJson`.
 */
export const JSON_LIMITS = {
  /** Levels of nested arrays and objects, the top one included. */
  maxDepth: 64,
  /** Items in one array. */
  maxArrayItems: 10_000,
  /** Fields of one object. */
  maxObjectKeys: 1_000,
} as const;

/** Which limit a JSON input broke. */
export type JsonLimitBreach = 'depth' | 'array' | 'object';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Scans JSON text once, without parsing or recursion, and tells which limit it breaks (null when
 * none). Malformed text is left for JSON.parse to refuse; only the limits are judged here.
 */
export function jsonTextLimitBreach(text: string): JsonLimitBreach | null {
  // One entry per open container: whether it is an array, and the commas seen in it so far.
  const isArray: boolean[] = [];
  const commas: number[] = [];
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    switch (code) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        if (isArray.length >= JSON_LIMITS.maxDepth) return 'depth';
        isArray.push(code === OPEN_ARRAY);
        commas.push(0);
        break;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        isArray.pop();
        commas.pop();
        break;
      case COMMA: {
        const top = commas.length - 1;
        if (top < 0) break;
        // n commas separate n + 1 items.
        commas[top] = commas[top]! + 1;
        if (isArray[top] && commas[top]! >= JSON_LIMITS.maxArrayItems) return 'array';
        if (!isArray[top] && commas[top]! >= JSON_LIMITS.maxObjectKeys) return 'object';
        break;
      }
    }
  }
  return null;
}

/**
 * Walks an already parsed value with an explicit stack (never the call stack) and tells which
 * limit it breaks, null when none. Stops at the first breach, so a cycle ends at the depth limit.
 */
export function jsonValueLimitBreach(value: unknown): JsonLimitBreach | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const current = next.value;
    if (current === null || typeof current !== 'object') continue;
    if (next.depth > JSON_LIMITS.maxDepth) return 'depth';
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current);
    if (Array.isArray(current) && children.length > JSON_LIMITS.maxArrayItems) return 'array';
    if (!Array.isArray(current) && children.length > JSON_LIMITS.maxObjectKeys) return 'object';
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: next.depth + 1 });
    }
  }
  return null;
}
