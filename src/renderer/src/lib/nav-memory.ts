import { STORAGE_KEYS, readJson, writeStorage } from './storage-keys';

/**
 * The last chosen sub-link of each navigation group (main, trains, materials, curator,
 * questions), remembered in local storage so header links return where the user was.
 */
export type NavGroup = 'main' | 'trains' | 'materials' | 'curator' | 'questions';

const DEFAULTS: Record<NavGroup, string> = {
  main: 'lk',
  trains: 'trains_p1',
  materials: 'search_video',
  curator: 'standards',
  questions: 'p1',
};

export function rememberedLink(group: NavGroup): string {
  const stored = readJson<Partial<Record<NavGroup, string>>>(STORAGE_KEYS.navLinks, {});
  const value = stored[group];
  return typeof value === 'string' && /^[\w/?=&.-]+$/.test(value) ? value : DEFAULTS[group];
}

export function rememberLink(group: NavGroup, link: string): void {
  const stored = readJson<Partial<Record<NavGroup, string>>>(STORAGE_KEYS.navLinks, {});
  if (stored[group] === link) return;
  writeStorage(STORAGE_KEYS.navLinks, JSON.stringify({ ...stored, [group]: link }));
}

/** The 404 page forgets them all (back-office §2.1). */
export function forgetLinks(): void {
  writeStorage(STORAGE_KEYS.navLinks, null);
}
