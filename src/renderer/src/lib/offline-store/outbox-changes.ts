/**
 * One signal for "the outbox changed" (queued, replaced, sent, resolved): the app-wide status and
 * every feature's view of its queued items listen here, so one change refreshes them all.
 */
const changes = new EventTarget();

export function announceOutboxChange(): void {
  changes.dispatchEvent(new Event('change'));
}

export function onOutboxChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}
