/**
 * Every local-storage key the app uses, with what it means (shell §3.8, back-office §9,
 * learning doc §9). Nothing else writes to localStorage. Drafts and the display flags are not
 * here: they live in the offline store (lib/drafts, lib/offline-store).
 */
export const STORAGE_KEYS = {
  /** Session token: the HMAC key of every call. Removed on '-1'. */
  token: 'enot.token',
  /** Session device id, sent with every call. Removed on '-1'. */
  device: 'enot.device',
  /** User type from the sign-in answer. Removed on '-1'. */
  userType: 'enot.userType',
  /** Where the server said this user lands (sign-in answer): /study/ goes there. Removed on '-1'. */
  landing: 'enot.landing',
  /** User's display name for the header. */
  userName: 'enot.userName',
  /** Avatar link for the header. */
  avatarLink: 'enot.avatarLink',
  /** Whose drafts and offline checks this session shows, as JSON {token, owner}: known without a connection after a restart. */
  offlineOwner: 'enot.offlineOwner',
  /** '1' dark theme. */
  darkTheme: 'dark_theme',
  /** Colour scheme: 'obsh' (default) or 'rus'. */
  colorScheme: 'enot.colorScheme',
  /** Remembered active link per route group: JSON object group → sub-path. */
  navLinks: 'enot.navLinks',
  /** Collapsed state of the curator sub-navigation ('1'). */
  subnavCollapsed: 'enot.subnavCollapsed',
  /** Pet icon position as JSON {x, y}. */
  petIconPosition: 'enot.petIconPosition',
  /** Until when «Сегодня» does not ask for a profile field again («Позже»), epoch ms. */
  profileQuestionLater: 'enot.profileQuestionLater',
  /** Until when the pet icon is hidden ('Скрыть на 10 мин'), epoch ms. */
  petHiddenUntil: 'enot.petHiddenUntil',
  /** AI-chat icon position as JSON {x, y}. */
  chatIconPosition: 'enot.chatIconPosition',
  /** Chosen AI-chat bot. */
  chatBot: 'enot.chatBot',
  /** Rating chart grouping: 'day' or 'week'. */
  ratingGrouping: 'enot.ratingGrouping',
  /** Question view: 'text' (default) or 'graphic'. */
  questionView: 'enot.questionView',
  /** Training part 1 choice as JSON: kind, value per kind, question count, self-made switch. */
  trainP1Choice: 'enot.trainP1Choice',
  /** Training part 2 choice as JSON: last mode, 'only unsolved', chapter and task number per mode (learning §9). */
  trainP2Choice: 'enot.trainP2Choice',
  /** Remembered video quality: 'high' (default) or 'low'. */
  videoQuality: 'enot.videoQuality',
  /** PKCE verifier and state of a VK ID sign-in under way (sessionStorage). */
  vkAuth: 'enot.vkAuth',
  /** Homework part 2 tab ids as JSON [{key: 'htNum:dop', tab, at}] (learning §9: 12 h, at most 10). */
  htP2Tabs: 'enot.htP2Tabs',
  /** The mailings screen's selected bot tab: MAIN, TERMINS, FREE_APP or VK (back-office §2.5). */
  mailingTab: 'enot.mailingTab',
  /** Knowledge map tab: '90-' (default) or '90+'. */
  knowledgeMapType: 'enot.knowledgeMapType',
  /** Oral trainer choice as JSON {kind, value, with90Plus} (learning §9). */
  trainVerbalChoice: 'enot.trainVerbalChoice',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a key, tolerating storage that throws (private mode, disabled storage). */
export function readStorage(key: StorageKey, storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null, storage: Storage = localStorage): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app still works for this visit.
  }
}

/** JSON value of a key, or the fallback when absent or unreadable. */
export function readJson<T>(key: StorageKey, fallback: T, storage: Storage = localStorage): T {
  const raw = readStorage(key, storage);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
