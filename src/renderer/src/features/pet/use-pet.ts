import { useCallback, useEffect, useRef, useState } from 'react';
import type { BodyOf, InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { getGeneralImages, triggerUpdateAvatar, triggerUpdateCookies, updateAvatar, updateCookies, updateInfo } from '@shared/contract/pet';
import { liveErrorText, liveRequest, shellLiveClient } from '../../lib/live-request';

export type PetSnapshot = BodyOf<typeof updateAvatar>;
export type GeneralImages = OutputOf<typeof getGeneralImages>['generalImages'];

export interface PetState {
  /** 'loading' until the first update_avatar push; 'error' when it could not be asked for. */
  status: 'loading' | 'loaded' | 'error';
  snapshot: PetSnapshot | null;
  cookies: number | null;
  /** The last update_info text (a reward, hunger, death). */
  info: string;
  /** A failure of a refresh while something is already shown (the banner of §8.1). */
  problem: string;
  generalImages: GeneralImages;
}

/** How long to wait for the update_avatar push after the server said there is a pet. */
const PUSH_WAIT_MS = 10_000;

/** A pet call: the server's message on failure (shown as 'Ошибка: {message}'). */
export function petRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  return liveRequest(contract, input);
}

/**
 * The pet as the server pushes it (shell §4.1): asks for the avatar and cookies when mounted and
 * again after every reconnect, and follows update_avatar / update_cookies / update_info, which
 * reach every device of the owner. Nothing here decides a number: the server does.
 */
export function usePet(): PetState & { refresh: () => void } {
  const [state, setState] = useState<PetState>({ status: 'loading', snapshot: null, cookies: null, info: '', problem: '', generalImages: [] });
  const pushWait = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const refresh = useCallback(() => {
    void (async () => {
      clearTimeout(pushWait.current);
      try {
        const [{ avatarExists }] = await Promise.all([petRequest(triggerUpdateAvatar, {}), petRequest(triggerUpdateCookies, {})]);
        if (!mounted.current) return;
        setState((current) => {
          if (avatarExists === '0') return { ...current, status: 'loaded', snapshot: { avatar: null, currentImage: null, images: [] }, problem: '' };
          return { ...current, problem: '' };
        });
        if (avatarExists === '1') {
          // The push normally comes first; if it got lost on the way, say so instead of spinning.
          pushWait.current = setTimeout(() => {
            if (mounted.current) setState((current) => (current.status === 'loading' ? { ...current, status: 'error' } : current));
          }, PUSH_WAIT_MS);
        }
      } catch (error) {
        if (!mounted.current) return;
        setState((current) => (current.status === 'loaded' ? { ...current, problem: liveErrorText(error) } : { ...current, status: 'error', problem: liveErrorText(error) }));
      }
    })();
  }, []);

  useEffect(() => {
    mounted.current = true;
    const offs: Array<() => void> = [];
    let cancelled = false;
    void (async () => {
      const client = await shellLiveClient();
      if (cancelled) return;
      if (!client) {
        setState((current) => ({ ...current, status: 'error' }));
        return;
      }
      offs.push(
        client.on(updateAvatar, (snapshot) => {
          clearTimeout(pushWait.current);
          setState((current) => ({ ...current, status: 'loaded', snapshot, problem: '' }));
        }),
        client.on(updateCookies, ({ userCookies }) => setState((current) => ({ ...current, cookies: userCookies }))),
        client.on(updateInfo, ({ text }) => setState((current) => ({ ...current, info: text }))),
        // Shell §4.1: after the connection returns, the avatar state is asked for again.
        client.onReconnect(refresh),
      );
      refresh();
      client.request(getGeneralImages, {}).then(
        ({ generalImages }) => !cancelled && setState((current) => ({ ...current, generalImages })),
        () => undefined,
      );
    })();
    return () => {
      cancelled = true;
      mounted.current = false;
      clearTimeout(pushWait.current);
      for (const off of offs) off();
    };
  }, [refresh]);

  return { ...state, refresh };
}
