/**
 * Whether a new version of the browser app waits for the next start (lib/app-worker.ts sets it,
 * the shell's AppUpdateBanner shows it). Kept apart from the registration, which loads after the page.
 */

type Listener = () => void;

let updateWaiting = false;
const listeners = new Set<Listener>();

/** True once a new version has installed and waits for the next start. */
export function appUpdateWaiting(): boolean {
  return updateWaiting;
}

/** For useSyncExternalStore: called when a new version starts waiting. */
export function subscribeAppUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceAppUpdate(): void {
  if (updateWaiting) return;
  updateWaiting = true;
  for (const listener of listeners) listener();
}
