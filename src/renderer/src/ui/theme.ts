import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type StorageKey, readStorage, writeStorage } from '../lib/storage-keys';

/**
 * Light/dark theme × colour scheme, applied as `data-theme` and `data-scheme` on <html>
 * (styles/theme.css holds the variables). The attributes are the single source of truth, so
 * every `useTheme()` and any code outside React agree.
 */
export type ColorScheme = 'obsh' | 'rus';

export interface ThemeState {
  dark: boolean;
  scheme: ColorScheme;
}

export const COLOR_SCHEMES: readonly ColorScheme[] = ['obsh', 'rus'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isScheme(value: string | null | undefined): value is ColorScheme {
  return value === 'obsh' || value === 'rus';
}

/**
 * The theme from stored values: 'dark_theme' '1' is dark and any other stored value light;
 * with nothing stored the system preference decides. Unknown schemes fall back to 'obsh'.
 */
export function readThemeState(read: (key: StorageKey) => string | null, prefersDark: boolean): ThemeState {
  const stored = read(STORAGE_KEYS.darkTheme);
  const scheme = read(STORAGE_KEYS.colorScheme);
  return { dark: stored === null ? prefersDark : stored === '1', scheme: isScheme(scheme) ? scheme : 'obsh' };
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** The theme to start with: call before the first render so the page never flashes. */
export function readInitialTheme(): ThemeState {
  return readThemeState((key) => readStorage(key), systemPrefersDark());
}

/** Applies the stored (or system) theme; call once before the first render. */
export function initThemeFromStorage(): ThemeState {
  const state = readInitialTheme();
  applyTheme(state);
  return state;
}

const listeners = new Set<() => void>();
let snapshot: ThemeState | null = null;

function setAttributes(state: ThemeState, root: HTMLElement): void {
  root.dataset.theme = state.dark ? 'dark' : 'light';
  root.dataset.scheme = state.scheme;
}

/** Sets the <html> attributes; every `useTheme()` re-renders with the new state. */
export function applyTheme(state: ThemeState, root: HTMLElement = document.documentElement): void {
  setAttributes(state, root);
  if (root !== document.documentElement) return;
  snapshot = { dark: state.dark, scheme: state.scheme };
  listeners.forEach((listener) => listener());
}

function getSnapshot(): ThemeState {
  if (!snapshot) {
    const { theme, scheme } = document.documentElement.dataset;
    if (theme !== undefined && isScheme(scheme)) {
      snapshot = { dark: theme === 'dark', scheme };
    } else {
      // The entry did not call applyTheme: derive the theme now, without notifying mid-render.
      snapshot = readInitialTheme();
      setAttributes(snapshot, document.documentElement);
    }
  }
  return snapshot;
}

const SERVER_SNAPSHOT: ThemeState = { dark: false, scheme: 'obsh' };

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size > 1) return () => listeners.delete(listener);

  // First subscriber: follow the system while the user has not chosen, and other tabs' choices.
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (readStorage(STORAGE_KEYS.darkTheme) === null) applyTheme({ ...getSnapshot(), dark: event.matches });
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.darkTheme || event.key === STORAGE_KEYS.colorScheme || event.key === null) {
      applyTheme(readInitialTheme());
    }
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current theme and setters that apply and remember the user's choice. */
export function useTheme(): ThemeState & { setDark: (dark: boolean) => void; setScheme: (scheme: ColorScheme) => void } {
  const state = useSyncExternalStore(subscribe, getSnapshot, () => SERVER_SNAPSHOT);
  const setDark = useCallback((dark: boolean) => {
    writeStorage(STORAGE_KEYS.darkTheme, dark ? '1' : '0');
    applyTheme({ ...getSnapshot(), dark });
  }, []);
  const setScheme = useCallback((scheme: ColorScheme) => {
    writeStorage(STORAGE_KEYS.colorScheme, scheme);
    applyTheme({ ...getSnapshot(), scheme });
  }, []);
  return { dark: state.dark, scheme: state.scheme, setDark, setScheme };
}
