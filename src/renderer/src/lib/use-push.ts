import type { BodyOf, PushContract } from '@shared/contract/core';
import { useEffect, useRef } from 'react';
import { shellLiveClient } from './live-request';

/** Listens to a push on the shell's live socket while the screen is open. */
export function usePush<P extends PushContract>(contract: P, handler: (body: BodyOf<P>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    let off: (() => void) | undefined;
    let cancelled = false;
    void shellLiveClient().then((client) => {
      if (cancelled || !client) return;
      off = client.on(contract, (body) => latest.current(body));
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [contract]);
}
