import { parseTestingType, TRAIN_P1_COUNTS, TRAIN_P1_DEFAULT_COUNT, TRAIN_P1_KINDS, testingTypeString, type TrainP1Kind, type TrainP1Question, type TrainP1Type } from '@shared/contract/train-p1';
import { ruTrainP1 } from '../../i18n/train-p1';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { isOneOf, isRecord } from '@shared/guards';

/** Pure helpers of the training part 1 screen (learning §2, §9). */

const t = ruTrainP1;

/** A rating change with its sign and one decimal: '+1.0', '+0.0', '-0.5' (§2, §9). */
export function formatRatingChange(value: string | number): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  return `${number >= 0 ? '+' : '-'}${Math.abs(number).toFixed(1)}`;
}

export type RatingTone = 'zero' | 'up' | 'down';

/** Orange zero, green positive, red negative (§2). */
export function ratingTone(value: string | number): RatingTone {
  const number = typeof value === 'number' ? value : Number(value);
  if (!(number !== 0)) return 'zero';
  return number > 0 ? 'up' : 'down';
}

export type ValueKind = 'chapter' | 'lessonNum' | 'egeNum' | 'zachetNum';
export const VALUE_KINDS: readonly ValueKind[] = ['chapter', 'lessonNum', 'egeNum', 'zachetNum'];

export function needsValue(kind: TrainP1Kind): kind is ValueKind {
  return isOneOf(VALUE_KINDS, kind);
}

/** What the choice remembers locally (§9 'choices stored locally'). */
export interface TrainChoice {
  kind: TrainP1Kind;
  values: { chapter?: string; lessonNum?: number; egeNum?: number; zachetNum?: number };
  qNums: number;
  includeSelfmade: boolean;
  /** The spec's 90+ flag: also draw the hard questions marked 90+. */
  include90Plus: boolean;
}

export const DEFAULT_CHOICE: TrainChoice = { kind: 'random', values: {}, qNums: TRAIN_P1_DEFAULT_COUNT, includeSelfmade: false, include90Plus: false };

/** The stored choice; anything broken or unknown falls back to the defaults field by field. */
export function parseChoice(raw: string | null): TrainChoice {
  if (!raw) return DEFAULT_CHOICE;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return DEFAULT_CHOICE;
  }
  if (typeof data !== 'object' || data === null) return DEFAULT_CHOICE;
  const record: Record<string, unknown> = isRecord(data) ? data : {};
  const kind = isOneOf(TRAIN_P1_KINDS, record.kind) ? record.kind : DEFAULT_CHOICE.kind;
  const qNums = isOneOf(TRAIN_P1_COUNTS, record.qNums) ? record.qNums : DEFAULT_CHOICE.qNums;
  const values: TrainChoice['values'] = {};
  const stored: Record<string, unknown> = isRecord(record.values) ? record.values : {};
  if (typeof stored.chapter === 'string' && stored.chapter !== '') values.chapter = stored.chapter;
  for (const key of ['lessonNum', 'egeNum', 'zachetNum'] as const) {
    const value = stored[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) values[key] = value;
  }
  return { kind, values, qNums, includeSelfmade: record.includeSelfmade === true, include90Plus: record.include90Plus === true };
}

export function readChoice(): TrainChoice {
  return parseChoice(readStorage(STORAGE_KEYS.trainP1Choice));
}

export function writeChoice(choice: TrainChoice): void {
  writeStorage(STORAGE_KEYS.trainP1Choice, JSON.stringify(choice));
}

/** The wire testingType of a choice, or null while its kind still needs a value. */
export function choiceType(choice: TrainChoice): string | null {
  if (!needsValue(choice.kind)) return choice.kind;
  const value = choice.values[choice.kind];
  if (value === undefined || value === '') return null;
  return testingTypeString({ kind: choice.kind, value } as TrainP1Type);
}

/** A human name of a test type: 'По разделу: Экономика'; 'Неизвестный тип' for anything else (§2). */
export function describeType(testingType: string): string {
  const type = parseTestingType(testingType);
  if (!type) return t.unknownType;
  const name = t.kinds[type.kind];
  return 'value' in type ? `${name}: ${type.value}` : name;
}

/** The choice that repeats a test: same type, count, 90+ and self-made switches ('Take again'). */
export function choiceOfTest(info: { testingType: string; includeSelfmade: '0' | '1'; include90Plus: '0' | '1'; qNums: number }, previous: TrainChoice): TrainChoice | null {
  const type = parseTestingType(info.testingType);
  if (!type) return null;
  const qNums = isOneOf(TRAIN_P1_COUNTS, info.qNums) ? info.qNums : previous.qNums;
  return { kind: type.kind, values: 'value' in type ? { ...previous.values, [type.kind]: type.value } : previous.values, qNums, includeSelfmade: info.includeSelfmade === '1', include90Plus: info.include90Plus === '1' };
}

/** The question to answer now: the first one without an answer. */
export function currentQuestionIndex(questions: readonly TrainP1Question[]): number {
  const index = questions.findIndex((question) => question.user_answer === '');
  return index < 0 ? questions.length : index;
}
