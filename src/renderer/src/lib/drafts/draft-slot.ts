import { toJsonValue } from '../../../../shared/json-value';
import type { JsonValue } from '../offline-store/types';
import { readUserDraft, writeUserDraft } from './index';

/** Reads one kind of draft back from what the store holds: the typed value, or null when it is not one. */
export type DraftParser<T> = (stored: JsonValue) => T | null;

/** One typed draft of the signed-in user: written as JSON, read back through its parser (no casts). */
export interface DraftSlot<T> {
  read(): Promise<T | null>;
  /** Saves the value; null drops the draft. Resolves once stored. */
  write(value: T | null): Promise<void>;
}

export function draftSlot<T>(name: string, parse: DraftParser<T>): DraftSlot<T> {
  return {
    read: async () => {
      const stored = await readUserDraft(name);
      return stored === null ? null : parse(stored);
    },
    write: (value) => writeUserDraft(name, value === null ? null : toJsonValue(value)),
  };
}

/** A stored JSON object (not an array, not null): its fields can be read without a cast. */
export function isJsonObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text fields of a stored object (answers by question number); undefined when it is not an object. */
export function textFields(value: JsonValue | undefined): Record<string, string> | undefined {
  if (!isJsonObject(value)) return undefined;
  const texts: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') texts[key] = item;
  return texts;
}
