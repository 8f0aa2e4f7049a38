import type { StudentQuestionJson } from '@shared/contract/homework-p1';
import { onlyCyrillic, onlyDigits, QUESTION_TYPES, toOriginal, questionJsonSchema, type AnswerInput, type QuestionJson } from '@shared/domain/questions';
import { isOneOf } from '@shared/guards';

/** Pure helpers of the part 1 screen (learning §2, §5, §9); the answer rules live in the shared engine. */

/** Part 1 timer: mm:ss, or hh:mm:ss above 3599 s (§9). */
export function formatTimer(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return seconds > 3599 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(Math.floor(seconds / 60))}:${two(s)}`;
}

export type ScoreTone = 'good' | 'half' | 'bad';

/** Green if the score reaches the max, orange from half, red below (§2). */
export function scoreTone(score: number, max: number): ScoreTone {
  if (score >= max) return 'good';
  if (score >= max / 2) return 'half';
  return 'bad';
}

export interface DisplayedOption {
  /** The number the student sees and types. */
  number: number;
  text: string;
}

/** Options in DISPLAYED order: displayed i shows original rule[i-1] (question-json.ts conventions). */
export function displayedOptions(column: readonly string[], rule: readonly number[]): DisplayedOption[] {
  return column.map((_, index) => {
    const original = toOriginal(index + 1, rule);
    return { number: index + 1, text: column[original - 1] ?? '' };
  });
}

/** The student's qJson as the shared engine's question, or null when the type is unknown. */
export function toQuestion(json: StudentQuestionJson | undefined): QuestionJson | null {
  if (!json || !isOneOf(QUESTION_TYPES, json.questionType)) return null;
  const parsed = questionJsonSchema.safeParse({
    ...json,
    questionType: json.questionType,
    // The engine needs a right answer to parse; the student's copy has none while solving.
    rightAnswers: json.rightAnswers && json.rightAnswers.length > 0 ? json.rightAnswers : ['0'],
    descriptions: json.descriptions ?? [],
    descriptionGeneral: json.descriptionGeneral ?? '',
  });
  return parsed.success ? parsed.data : null;
}

/** Empty slot marker: slot answers keep their positions as a fixed-length string. */
export const EMPTY_SLOT = ' ';

/** A slot answer as exactly `slots` characters, each a digit or EMPTY_SLOT. */
export function padSlots(answer: string, slots: number): string {
  const chars = [...answer].slice(0, slots).map((char) => (char >= '0' && char <= '9' ? char : EMPTY_SLOT));
  while (chars.length < slots) chars.push(EMPTY_SLOT);
  return chars.join('');
}

/** Cleans a typed or stored answer for its input: digits, padded slots or Cyrillic letters. */
export function normalizeAnswer(input: AnswerInput, answer: string): string {
  if (input.kind === 'word') return onlyCyrillic(answer);
  if (input.kind === 'slots') return padSlots(answer, input.slots);
  return onlyDigits(answer).slice(0, input.maxLength);
}

/** What is sent: slots and digits without gaps, the word as typed. */
export function answerToSend(input: AnswerInput, answer: string): string {
  return input.kind === 'word' ? onlyCyrillic(answer) : onlyDigits(answer);
}

export interface SlotState {
  /** Exactly one character per slot (digit or EMPTY_SLOT). */
  value: string;
  /** The slot that has focus. */
  focus: number;
}

/**
 * The multi-slot input's keyboard (§5): a digit fills the slot and moves on, Backspace clears the
 * slot or, on an empty one, goes back and clears that one, arrows move, Home/End jump.
 * Returns null for keys the input leaves alone (Tab, letters are ignored by the caller).
 */
export function slotKey(state: SlotState, key: string): SlotState | null {
  const slots = state.value.length;
  const chars = [...state.value];
  const at = Math.min(Math.max(state.focus, 0), slots - 1);
  if (/^[0-9]$/.test(key)) {
    chars[at] = key;
    return { value: chars.join(''), focus: Math.min(at + 1, slots - 1) };
  }
  switch (key) {
    case 'Backspace':
      if (chars[at] !== EMPTY_SLOT) {
        chars[at] = EMPTY_SLOT;
        return { value: chars.join(''), focus: at };
      }
      if (at === 0) return { value: state.value, focus: 0 };
      chars[at - 1] = EMPTY_SLOT;
      return { value: chars.join(''), focus: at - 1 };
    case 'Delete':
      chars[at] = EMPTY_SLOT;
      return { value: chars.join(''), focus: at };
    case 'ArrowLeft':
      return { value: state.value, focus: Math.max(0, at - 1) };
    case 'ArrowRight':
      return { value: state.value, focus: Math.min(slots - 1, at + 1) };
    case 'Home':
      return { value: state.value, focus: 0 };
    case 'End':
      return { value: state.value, focus: slots - 1 };
    default:
      return null;
  }
}

/** Pasted text spreads its digits over the slots from the focused one on. */
export function slotPaste(state: SlotState, text: string): SlotState {
  const digits = onlyDigits(text);
  const chars = [...state.value];
  let at = state.focus;
  for (const digit of digits) {
    if (at >= chars.length) break;
    chars[at] = digit;
    at += 1;
  }
  return { value: chars.join(''), focus: Math.min(at, chars.length - 1) };
}

/** Toggles a displayed option of a set question; the choice stays unique and ascending. */
export function toggleChoice(answer: string, option: number): string {
  const chosen = new Set(onlyDigits(answer).split('').map(Number));
  if (chosen.has(option)) chosen.delete(option);
  else chosen.add(option);
  return [...chosen].sort((a, b) => a - b).join('');
}
