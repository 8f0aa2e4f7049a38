/**
 * Items handed in while a batch is waiting or running are run together: `run` gets them all at
 * once `delayMs` later, and at most one batch runs at a time. A burst of 10,000 sockets connecting
 * thus costs a few hundred batched queries, not 10,000 rounds of them; a lone item waits `delayMs`.
 */
export function coalesce<T>(run: (items: T[]) => Promise<void>, onError: (error: unknown) => void, delayMs: number): (item: T) => void {
  let queued: T[] = [];
  let scheduled = false;
  let running = false;
  const schedule = () => {
    if (scheduled || running || queued.length === 0) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      running = true;
      const items = queued;
      queued = [];
      run(items)
        .catch(onError)
        .finally(() => {
          running = false;
          schedule();
        });
    }, delayMs);
  };
  return (item) => {
    queued.push(item);
    schedule();
  };
}
