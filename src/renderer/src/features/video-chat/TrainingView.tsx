import { useEffect, useRef, useState } from 'react';
import { callCancel, type IceServer, type TrainInfo } from '@shared/contract/video-chat';
import { ruVideoChat } from '../../i18n/video-chat';
import { liveRequest } from '../../lib/live-request';
import { Button, Card } from '../../ui';
import { endWith, setChat } from './chat-store';
import { PeerCall, type ConnectionLabel } from './peer-call';

const t = ruVideoChat;
/** Shell §9: the session ends this long after an error is shown. */
export const CLOSE_AFTER_ERROR_MS = 5_000;

export interface TrainingViewProps {
  trainInfo: TrainInfo;
  iceServers: IceServer[];
  /** false while connecting (waiting for the other peer), true once both are there. */
  answering: boolean;
  onEnd: () => void;
  ending: boolean;
}

/** Connection and answering (shell §4.2): both videos, the connection label, the roles and the question. */
export function TrainingView({ trainInfo, iceServers, answering, onEnd, ending }: TrainingViewProps) {
  const localVideo = useRef<HTMLVideoElement>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const [label, setLabel] = useState<ConnectionLabel>('unknown');
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' } | null>(null);
  const [needsSound, setNeedsSound] = useState(false);
  const sessionId = trainInfo.sessionId;
  // The same servers after a reload must not restart a running call.
  const iceKey = JSON.stringify(iceServers);

  useEffect(() => {
    let active = true;
    let call: PeerCall | null = null;
    let stream: MediaStream | null = null;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    const fail = (reason: string) => {
      if (!active || closeTimer) return;
      const text = t.peerError(reason);
      setFailure(text);
      closeTimer = setTimeout(() => {
        call?.close();
        void liveRequest(callCancel, {}).catch(() => undefined);
        endWith(text, 'error');
      }, CLOSE_AFTER_ERROR_MS);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch (error) {
        fail(error instanceof Error && error.message ? error.message : t.defaultPeerReason);
        return;
      }
      if (!active) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      if (localVideo.current) localVideo.current.srcObject = stream;
      call = new PeerCall(stream, JSON.parse(iceKey) as IceServer[], {
        onReady: () => {
          setNotice(null);
          setChat((state) => (state.phase === 'connection' ? { ...state, phase: 'answering' } : state));
        },
        onRemoteStream: (remote) => {
          const video = remoteVideo.current;
          if (!video) return;
          video.srcObject = remote;
          // Autoplay with sound may be refused without a gesture: play muted and offer the sound.
          void video.play().catch(() => {
            video.muted = true;
            setNeedsSound(true);
            return video.play().catch(() => undefined);
          });
        },
        onConnectionState: (next) => active && setLabel(next),
        onNotice: (text, tone) => active && setNotice({ text, tone }),
        onFailure: fail,
      });
      await call.open().catch((error: unknown) => fail(error instanceof Error ? error.message : t.defaultPeerReason));
    })();
    return () => {
      active = false;
      clearTimeout(closeTimer);
      call?.close();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [sessionId, iceKey]);

  const questioner = trainInfo.role === 'questioner';
  return (
    <div className="vchat__training">
      {failure && (
        <p className="vchat__notice vchat__notice--error" role="alert" data-testid="vchat-failure">
          {failure}
        </p>
      )}
      <div className="vchat__stage">
        <div className="vchat__remote">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the partner's live camera: there is nothing to caption in advance */}
          <video ref={remoteVideo} className="vchat__video" autoPlay playsInline data-testid="remote-video" aria-label={t.partner} />
          {!answering && <p className="vchat__overlay-text">{notice?.text ?? t.connecting}</p>}
          <span className={`vchat__label vchat__label--${label}`} data-testid="connection-label">
            {t.connectionLabel}: {t.states[label]}
          </span>
          {needsSound && (
            <Button
              size="sm"
              className="vchat__sound"
              onClick={() => {
                if (remoteVideo.current) remoteVideo.current.muted = false;
                setNeedsSound(false);
              }}
            >
              {t.enableSound}
            </Button>
          )}
        </div>
        <video ref={localVideo} className="vchat__video vchat__local" autoPlay playsInline muted data-testid="local-video" aria-label={t.you} />
      </div>
      <Card className="vchat__info" title={questioner ? t.roleQuestioner : t.roleAnswerer}>
        <div className="vchat__stack">
          <dl className="vchat__roles">
            <dt>{t.questioner}</dt>
            <dd>{trainInfo.userNameQuestioner || t.unknownCaller}</dd>
            <dt>{t.answerer}</dt>
            <dd>{trainInfo.userNameAnswerer || t.unknownCaller}</dd>
          </dl>
          <h3 className="vchat__subtitle">{t.question}</h3>
          <p className="vchat__question" data-testid="vchat-question">
            {trainInfo.questionText || t.noQuestion}
          </p>
          {trainInfo.questionAnswer ? (
            <>
              <h3 className="vchat__subtitle">{t.answer}</h3>
              <p className="vchat__answer">{trainInfo.questionAnswer}</p>
            </>
          ) : (
            <p className="vchat__hint">{t.answerHidden}</p>
          )}
          {notice && answering && <p className={`vchat__hint vchat__hint--${notice.tone}`}>{notice.text}</p>}
          <Button variant="danger" onClick={onEnd} disabled={ending}>
            {t.end}
          </Button>
        </div>
      </Card>
    </div>
  );
}
