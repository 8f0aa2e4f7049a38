import { useCallback, useEffect, useRef, useState } from 'react';
import { toJsonValue } from '../../../../shared/json-value';
import type { DraftParser } from './draft-slot';
import { readUserDraft, writeUserDraft } from './index';

/**
 * A value typed on a screen and kept as the signed-in user's draft. The screen shows `initial`
 * at once; the stored draft is read in the background (the offline store answers
 * asynchronously) and replaces it only if the user has not typed anything meanwhile, so a draft
 * that arrives late never overwrites what was typed. `parse` rejects a stored value of the
 * wrong shape (null = no draft), so the screen gets its own type back. A null name keeps nothing.
 * The write starts within the keystroke's task: a reload right after it keeps it (lib/drafts).
 */
export function useDraftState<T>(name: string | null, initial: T, parse: DraftParser<T>) {
  const [value, setValue] = useState<T>(initial);
  const touched = useRef(false);
  const parseRef = useRef(parse);
  parseRef.current = parse;

  useEffect(() => {
    if (name === null) return;
    let alive = true;
    void readUserDraft(name).then((stored) => {
      const draft = stored === null ? null : parseRef.current(stored);
      if (alive && !touched.current && draft !== null) setValue(draft);
    });
    return () => {
      alive = false;
    };
  }, [name]);

  /** The user changed the value: shown and kept. */
  const change = useCallback(
    (next: T) => {
      touched.current = true;
      setValue(next);
      if (name !== null) void writeUserDraft(name, toJsonValue(next));
    },
    [name],
  );

  /** The value reached the server: the draft is dropped (the screen keeps showing it). */
  const clear = useCallback(() => {
    touched.current = true;
    if (name !== null) void writeUserDraft(name, null);
  }, [name]);

  return [value, change, clear] as const;
}
