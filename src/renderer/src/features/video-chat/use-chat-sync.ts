import { useEffect, useState } from 'react';
import { getUserWant, refreshTrainInfo, type IceServer } from '@shared/contract/video-chat';
import { liveErrorText, liveRequest, shellLiveClient } from '../../lib/live-request';
import { applyServerState, bindChatPushes } from './chat-store';

export interface ChatSync {
  loading: boolean;
  error: string | null;
  want: boolean;
  setWantLocally: (want: boolean) => void;
  iceServers: IceServer[];
  reload: () => void;
}

/** Loads where the user stands (and the ICE servers) on entry and after every live reconnect. */
export function useChatSync(): ChatSync {
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [want, setWant] = useState(false);
  const [iceServers, setIceServers] = useState<IceServer[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    let off: (() => void) | undefined;
    const load = async () => {
      try {
        const [training, wanted] = await Promise.all([liveRequest(refreshTrainInfo, {}), liveRequest(getUserWant, {})]);
        if (!active) return;
        applyServerState(training.state, training.trainInfo, training.callerFullName);
        setIceServers(training.iceServers);
        setWant(wanted.want === '1');
        setError(null);
      } catch (failure) {
        if (active) setError(liveErrorText(failure));
      }
      if (active) setLoading(false);
    };
    void (async () => {
      const client = await shellLiveClient();
      if (client && active) {
        bindChatPushes(client);
        off = client.onReconnect(() => void load());
      }
      await load();
    })();
    return () => {
      active = false;
      off?.();
    };
  }, [attempt]);

  return { loading, error, want, setWantLocally: setWant, iceServers, reload: () => { setLoading(true); setAttempt((n) => n + 1); } };
}
