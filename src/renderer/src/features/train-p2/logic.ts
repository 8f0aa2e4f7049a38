import { TRAIN_P2_MODES, type TrainP2Mode } from '@shared/contract/train-p2';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { isOneOf } from '@shared/guards';

/** Pure helpers of the training part 2 screen (learning §2, §5, §9). */

/** What the choice remembers locally (§9): the last mode, 'only unsolved', selections per mode. */
export interface TrainP2Choice {
  mode: TrainP2Mode;
  onlyUnsolved: boolean;
  chapter: Partial<Record<TrainP2Mode, string>>;
  egeNum: Partial<Record<TrainP2Mode, number>>;
}

export const DEFAULT_CHOICE: TrainP2Choice = { mode: 'selfCheck', onlyUnsolved: false, chapter: {}, egeNum: {} };

export function readChoice(storage?: Storage): TrainP2Choice {
  const stored = readJson<Partial<TrainP2Choice>>(STORAGE_KEYS.trainP2Choice, {}, storage);
  const mode = isOneOf(TRAIN_P2_MODES, stored.mode) ? stored.mode : DEFAULT_CHOICE.mode;
  return {
    mode,
    onlyUnsolved: stored.onlyUnsolved === true,
    chapter: typeof stored.chapter === 'object' && stored.chapter !== null ? stored.chapter : {},
    egeNum: typeof stored.egeNum === 'object' && stored.egeNum !== null ? stored.egeNum : {},
  };
}

export function writeChoice(choice: TrainP2Choice, storage?: Storage): void {
  writeStorage(STORAGE_KEYS.trainP2Choice, JSON.stringify(choice), storage);
}

export interface CheckTexts {
  emptyComment: string;
  emptyScore: string;
  overMax: (max: number) => string;
  belowZero: string;
  whole: string;
}

/**
 * The check form's order (§5): blank comment, blank score, above max, below 0. The score is typed
 * text compared as a number.
 */
export function validateCheck(comment: string, score: string, max: number, texts: CheckTexts): { ok: true; score: number } | { ok: false; error: string } {
  if (comment.trim() === '') return { ok: false, error: texts.emptyComment };
  const typed = score.trim().replace(',', '.');
  if (typed === '') return { ok: false, error: texts.emptyScore };
  const number = Number(typed);
  if (!Number.isFinite(number)) return { ok: false, error: texts.emptyScore };
  const problem = typedScoreProblem(score, max, texts);
  return problem === null ? { ok: true, score: number } : { ok: false, error: problem };
}

/**
 * What is wrong with a score as it is typed (above the maximum, below 0, a fraction), shown next
 * to the field at once; null while it is empty, unfinished or fine.
 */
export function typedScoreProblem(score: string, max: number, texts: Pick<CheckTexts, 'overMax' | 'belowZero' | 'whole'>): string | null {
  const typed = score.trim().replace(',', '.');
  const number = Number(typed);
  if (typed === '' || typed === '-' || !Number.isFinite(number)) return null;
  if (number > max) return texts.overMax(max);
  if (number < 0) return texts.belowZero;
  if (!Number.isInteger(number)) return texts.whole;
  return null;
}

/** 'x of max' colour: full, partial, zero (learning §2 CheckInfoView). */
export function scoreTone(ball: number | null, max: number): 'full' | 'partial' | 'zero' {
  if (ball !== null && max > 0 && ball >= max) return 'full';
  if (!ball) return 'zero';
  return 'partial';
}

/** Question images with a cache-busting query (learning §7 'Images'). */
export function questionImageUrl(qId: number, explanation = false, bust: string = Math.random().toString(36).slice(2, 10)): string {
  return `/questions2/${qId}${explanation ? '_poyasn' : ''}.png?${bust}`;
}

/** The sets a mode offers: the AI only checks questions with criteria, so it has its own lists. */
export function setsForMode(mode: TrainP2Mode, sets: { chapters: string[]; egeNums: number[]; chaptersAI: string[]; egeNumsAI: number[] }) {
  return mode === 'checkByAI' ? { chapters: sets.chaptersAI, egeNums: sets.egeNumsAI } : { chapters: sets.chapters, egeNums: sets.egeNums };
}
