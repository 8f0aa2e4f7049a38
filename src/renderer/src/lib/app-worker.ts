import { announceAppUpdate } from './app-update';

/**
 * The browser build's service worker (`/study/sw.js`, generated at build time by vite-plugin-pwa
 * with Workbox): it keeps the app shell and the screens' code, so after one visit the app opens
 * without a network. This module loads after the page (main.tsx), so it adds nothing to the first
 * screen; the desktop app never loads it (Electron serves the build from app:// and has its own caches).
 *
 * A new version installs in the background and waits: it is announced (AppUpdateBanner) and takes
 * over on the next start, when every tab of the app is closed, never in the middle of work.
 */

/** How often an open tab asks whether a new version was deployed (the browser also asks on every start). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerAppWorker(): Promise<void> {
  const base = import.meta.env.BASE_URL;
  const registration = await navigator.serviceWorker.register(`${base}sw.js`, { scope: base });
  // A page already run by a worker that finds another one installed: that one is a new version.
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) announceAppUpdate();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && isUpdate()) announceAppUpdate();
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
