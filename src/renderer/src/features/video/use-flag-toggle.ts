import { useState } from 'react';

/**
 * A switch saved on the server: flips at once, reverts and reports when saving fails (spec §8
 * 'Failed … toggles revert the switch'). Later flips win over earlier answers.
 */
export function useFlagToggle(initial: boolean, save: (value: boolean) => Promise<unknown>) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const toggle = async (next: boolean) => {
    setValue(next);
    setError(null);
    setPending(true);
    try {
      await save(next);
    } catch (failure) {
      setValue(!next);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return { value, error, pending, toggle };
}
