import { type CommentSegment, MISTAKE_WORK_SEPARATOR } from '@shared/contract/homework-p2';

/** Tab ids (learning §9): 6 random alphanumerics, entries live 12 hours, at most 10 kept. */
export const TAB_TTL_MS = 12 * 60 * 60 * 1000;
export const TAB_MAX = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface TabEntry {
  /** The homework: `${htNum}:${dop}`. */
  key: string;
  tab: string;
  at: number;
}

export function newTabId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 6; i++) id += ALPHABET[Math.floor(random() * ALPHABET.length) % ALPHABET.length];
  return id;
}

/** Drops expired and surplus entries (newest kept). */
export function pruneTabs(entries: readonly TabEntry[], now: number): TabEntry[] {
  return entries
    .filter((entry) => entry && typeof entry.key === 'string' && /^[A-Za-z0-9]{6}$/.test(entry.tab) && typeof entry.at === 'number' && now - entry.at < TAB_TTL_MS)
    .sort((a, b) => b.at - a.at)
    .slice(0, TAB_MAX);
}

/**
 * The tab id of a homework: the remembered one while it is fresh (a reload stays the same tab),
 * otherwise a new one. Returns the id and the entries to store.
 */
export function claimTab(entries: readonly TabEntry[], key: string, now: number, random: () => number = Math.random): { tab: string; entries: TabEntry[] } {
  const fresh = pruneTabs(Array.isArray(entries) ? entries : [], now);
  const known = fresh.find((entry) => entry.key === key);
  const tab = known?.tab ?? newTabId(random);
  const rest = fresh.filter((entry) => entry.key !== key);
  return { tab, entries: pruneTabs([{ key, tab, at: now }, ...rest], now) };
}

/** A local copy of typed answers not yet confirmed by the server (kept per homework and tab). */
export interface DraftEntry {
  key: string;
  tab: string;
  at: number;
  answers: Record<string, string>;
  /** The server's answers the draft was typed over: a question whose server text moved on since is not restored. */
  base?: Record<string, string>;
}

export const DRAFT_MAX = 10;

/** Names of the drafts beyond the ten kept (given oldest first), never the one being opened. */
export function excessDrafts(oldestFirst: ReadonlyArray<{ name: string }>, opening: string): string[] {
  return oldestFirst
    .slice(0, Math.max(0, oldestFirst.length - DRAFT_MAX))
    .map((draft) => draft.name)
    .filter((name) => name !== opening);
}

/**
 * The answers to start from: the server's, with the unsaved local draft laid over them where it
 * differs, unless the server's text changed since the draft was typed (saved from another device:
 * then the server's is the newer one).
 */
export function mergeDraft(server: Record<string, string>, draft: DraftEntry | undefined): { answers: Record<string, string>; restored: boolean } {
  if (!draft) return { answers: { ...server }, restored: false };
  const answers = { ...server };
  let restored = false;
  for (const [q, text] of Object.entries(draft.answers ?? {})) {
    if (typeof text !== 'string' || !(q in server)) continue;
    if (draft.base && typeof draft.base[q] === 'string' && draft.base[q] !== server[q]) continue;
    if (text !== server[q]) {
      answers[q] = text;
      restored = true;
    }
  }
  return { answers, restored };
}

/** Mistake work: the saved value is the old answer, two line breaks, then the new part. */
export function joinMistakeWork(oldAnswer: string, added: string): string {
  if (oldAnswer === '') return added;
  return added === '' ? oldAnswer : oldAnswer + MISTAKE_WORK_SEPARATOR + added;
}

/** The appended part of a mistake-work answer ('' when nothing was added yet). */
export function splitMistakeWork(oldAnswer: string, full: string): string {
  if (oldAnswer === '') return full;
  if (full.startsWith(oldAnswer + MISTAKE_WORK_SEPARATOR)) return full.slice(oldAnswer.length + MISTAKE_WORK_SEPARATOR.length);
  return full === oldAnswer ? '' : full;
}

/** Task score colour: full green, zero red, otherwise orange. */
export function scoreColor(ball: number | null, max: number): 'green' | 'red' | 'orange' {
  if (ball !== null && ball >= max) return 'green';
  if (!ball) return 'red';
  return 'orange';
}

export interface AnswerPiece {
  text: string;
  start: number;
  /** The covering segment (the latest-starting, then the listed-last of overlapping ones). */
  segment: (CommentSegment & { id: string }) | null;
}

/**
 * Splits an answer into plain and highlighted pieces. Positions are character offsets, finish
 * exclusive; they are clamped to the text, empty or reversed segments are ignored, and where
 * segments overlap the inner (later-starting) one wins.
 */
export function splitBySegments(text: string, segments: Record<string, CommentSegment>): AnswerPiece[] {
  const length = text.length;
  const list = Object.entries(segments ?? {})
    .map(([id, segment]) => ({ ...segment, id, start_pos: clamp(segment.start_pos, length), finish_pos: clamp(segment.finish_pos, length) }))
    .filter((segment) => segment.finish_pos > segment.start_pos);
  const cuts = new Set<number>([0, length]);
  for (const segment of list) {
    cuts.add(segment.start_pos);
    cuts.add(segment.finish_pos);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: AnswerPiece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    let cover: AnswerPiece['segment'] = null;
    for (const segment of list) {
      if (segment.start_pos <= start && segment.finish_pos >= end && (!cover || segment.start_pos >= cover.start_pos)) cover = segment;
    }
    const last = pieces[pieces.length - 1];
    if (last && last.segment === cover) last.text += text.slice(start, end);
    else pieces.push({ text: text.slice(start, end), start, segment: cover });
  }
  return pieces;
}

function clamp(value: number, length: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(length, Math.trunc(value)));
}

/** Self-check score (§5): whole numbers 0..max. Returns the number or the refusal text. */
export function parseSelfScore(raw: string, max: number, texts: { belowZero: string; overMax: (max: number) => string; whole: string }): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = raw.trim();
  if (!/^-?\d+$/.test(trimmed)) return { ok: false, error: texts.whole };
  const value = Number(trimmed);
  if (value < 0) return { ok: false, error: texts.belowZero };
  if (value > max) return { ok: false, error: texts.overMax(max) };
  return { ok: true, value };
}

/** Moscow 'dd.mm.yyyy hh:mm' to epoch ms (Moscow is UTC+3 all year); null when absent or malformed. */
export function parseMoscowDeadline(text: string): number | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy, hh, mi] = match;
  return Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh) - 3, Number(mi));
}

/** Countdown text: hh:mm:ss, '00:00' at zero. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return '00:00';
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
