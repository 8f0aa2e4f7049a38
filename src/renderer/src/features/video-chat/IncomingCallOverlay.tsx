import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { callAccept, refreshTrainInfo } from '@shared/contract/video-chat';
import { displayFlagsAtom } from '../../lib/live';
import { ruVideoChat } from '../../i18n/video-chat';
import { liveErrorText, liveRequest, shellLiveClient } from '../../lib/live-request';
import { Button, Popup } from '../../ui';
import { applyServerState, bindChatPushes, chatAtom, endWith, setChat } from './chat-store';
import { probeMedia, probePassed, probeReasons, skipsMediaCheck } from './media-probe';

const t = ruVideoChat;

/**
 * The incoming-call window over every page (shell §2.5). It also listens to the video-chat pushes
 * from the moment the shell is up, so a call reaches a user who is anywhere in the platform.
 */
export default function IncomingCallOverlay() {
  const chat = useAtomValue(chatAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const flags = useAtomValue(displayFlagsAtom);
  const mayPractise = flags?.verbalChat === '1';
  useEffect(() => {
    if (!mayPractise) return;
    let active = true;
    let off: (() => void) | undefined;
    // A call may have been pushed before this chunk loaded (or while the socket was down): ask.
    const sync = () =>
      liveRequest(refreshTrainInfo, {})
        .then(({ state, trainInfo, callerFullName }) => active && applyServerState(state, trainInfo, callerFullName))
        .catch(() => undefined);
    void shellLiveClient().then((client) => {
      if (!client || !active) return;
      bindChatPushes(client);
      off = client.onReconnect(() => void sync());
      void sync();
    });
    return () => {
      active = false;
      off?.();
    };
  }, [mayPractise]);
  useEffect(() => {
    setError(null);
  }, [chat.phase]);

  const answer = async (accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (accept && !skipsMediaCheck()) {
        // The session never starts blind on a computer: camera, microphone and sound first
        // (shell §5: mobile browsers skip the check, the browser asks when the call starts).
        const probe = await probeMedia();
        if (!probePassed(probe)) {
          setError(probeReasons(probe) || t.probe.blocked);
          setBusy(false);
          return;
        }
      }
      await liveRequest(callAccept, { accept: accept ? '1' : '0' });
      if (accept) {
        setChat((state) => (state.phase === 'call' ? { ...state, phase: 'connection' } : state));
        void navigate('/trains/trains_verbal_players');
      } else endWith(t.rejected);
    } catch (failure) {
      setError(t.switchError(liveErrorText(failure)));
    }
    setBusy(false);
  };

  return (
    <Popup
      open={chat.phase === 'call'}
      onClose={() => void answer(false)}
      title={t.incoming}
      size="sm"
      className="vchat-call"
      actions={
        <>
          <Button variant="secondary" onClick={() => void answer(false)} disabled={busy}>
            {t.reject}
          </Button>
          <Button onClick={() => void answer(true)} disabled={busy}>
            {t.accept}
          </Button>
        </>
      }
    >
      <p className="vchat-call__name" data-testid="caller-name">
        {chat.callerName || t.unknownCaller}
      </p>
      <p>{t.incomingText(chat.callerName || t.unknownCaller)}</p>
      {error && (
        <p className="vchat-call__error" role="alert">
          {error}
        </p>
      )}
    </Popup>
  );
}
