import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { userInfoQuery } from '../../lib/use-user-info';

/**
 * Shell §2.7: `?updateTgNickname` (the way back from linking on the other site) is removed from
 * the address and user info is loaded again.
 */
export function useUpdateTgNicknameParam(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const present = params.has('updateTgNickname');
  useEffect(() => {
    if (!present) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('updateTgNickname');
        return next;
      },
      { replace: true },
    );
    void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
  }, [present, setParams, queryClient]);
}
