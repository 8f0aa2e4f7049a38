import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** Shell §9: 'Скрыть на 10 мин' hides the icon for 600 000 ms. */
export const PET_HIDE_MS = 600_000;

/** Until when the icon stays hidden, or 0; a broken or far-future value (clock turned back) counts as shown. */
export function hiddenUntil(raw: string | null, now: number): number {
  const until = Number(raw);
  if (!Number.isFinite(until) || until <= now || until > now + PET_HIDE_MS) return 0;
  return until;
}

export function readHiddenUntil(now: number = Date.now()): number {
  return hiddenUntil(readStorage(STORAGE_KEYS.petHiddenUntil), now);
}

/** Hides the icon for ten minutes from now, remembered across reloads and tabs. */
export function hideForTenMinutes(now: number = Date.now()): number {
  const until = now + PET_HIDE_MS;
  writeStorage(STORAGE_KEYS.petHiddenUntil, String(until));
  return until;
}
