/**
 * A trailing debounce with `flush` (run the pending call now, e.g. on Enter) and `cancel`
 * (e.g. on unmount), so a search fires once the user pauses.
 */
export function createDebounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    const args = pending;
    timer = undefined;
    pending = undefined;
    if (args) fn(...args);
  };
  return {
    call(...args: A): void {
      pending = args;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    flush(): void {
      if (timer !== undefined) clearTimeout(timer);
      run();
    },
    cancel(): void {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
