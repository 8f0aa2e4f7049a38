/** What to do when a page tries to navigate or open a window. */
export type NavigationDecision = 'allow' | 'open-external' | 'block';

/**
 * Only our own pages load inside the window (the app:// origin, and the Vite dev server during
 * `npm run desktop`); https and mail links go to the system browser; anything else is refused.
 */
export function decideNavigation(target: string, appOrigins: readonly string[]): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'block';
  }
  // URL.origin is 'null' for custom schemes such as app:, so compare scheme and host directly.
  if (appOrigins.includes(`${url.protocol}//${url.host}`)) return 'allow';
  if (url.protocol === 'https:' || url.protocol === 'mailto:') return 'open-external';
  return 'block';
}
