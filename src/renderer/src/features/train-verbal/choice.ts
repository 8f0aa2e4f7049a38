import { parseVerbalSet, verbalSetString, type VerbalSet } from '@shared/contract/train-verbal';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

export type SetKind = VerbalSet['kind'];

/** What the choice view remembers between visits (learning §9: oral trainer options and the 90+ flag). */
export interface VerbalChoice {
  kind: SetKind;
  /** The value of the kind ('' for all or until picked). */
  value: string;
  with90Plus: boolean;
}

export const DEFAULT_CHOICE: VerbalChoice = { kind: 'all', value: '', with90Plus: false };

export function readChoice(): VerbalChoice {
  const stored = readJson<Partial<VerbalChoice> | null>(STORAGE_KEYS.trainVerbalChoice, null);
  if (!stored || !['all', 'zachet', 'lesson', 'razdel'].includes(String(stored.kind))) return DEFAULT_CHOICE;
  return { kind: stored.kind as SetKind, value: typeof stored.value === 'string' ? stored.value : '', with90Plus: stored.with90Plus === true };
}

export function writeChoice(choice: VerbalChoice): void {
  writeStorage(STORAGE_KEYS.trainVerbalChoice, JSON.stringify(choice));
}

/** The wire type of a choice; null while its value is missing. */
export function choiceType(choice: VerbalChoice): string | null {
  if (choice.kind === 'all') return 'all';
  const set = parseVerbalSet(`${choice.kind}:${choice.value}`);
  return set ? verbalSetString(set) : null;
}
