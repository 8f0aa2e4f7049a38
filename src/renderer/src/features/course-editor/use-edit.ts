import { useMutation, useQueryClient } from '@tanstack/react-query';
import { liveErrorText } from '../../lib/live-request';
import { useNotify } from '../../ui';
import { refreshCourse } from './api';

interface EditOptions<I, O> {
  /** Said after success (a notice), if anything. */
  done?: string | ((output: O, input: I) => string);
  /** Refusals shown by the caller (a dialog's error box) instead of a notice. */
  inlineErrors?: boolean;
  onSuccess?: (output: O) => void;
}

/**
 * One edit of the course: the call, the server's refusal shown as it comes (Russian), and the
 * editor's data refreshed either way (a refusal may mean the course changed under us).
 */
export function useEdit<I, O>(run: (input: I) => Promise<O>, options: EditOptions<I, O> = {}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: run,
    onSuccess: (output, input) => {
      const { done } = options;
      if (done !== undefined) notify(typeof done === 'string' ? done : done(output, input), { tone: 'success' });
      options.onSuccess?.(output);
    },
    onError: (error) => {
      if (!options.inlineErrors) notify(liveErrorText(error), { tone: 'error' });
    },
    onSettled: () => refreshCourse(queryClient),
  });
}
