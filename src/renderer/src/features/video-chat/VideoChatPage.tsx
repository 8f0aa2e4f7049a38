import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { MediaProbeResult } from '@shared/desktop-api';
import { callCancel, setUserWant, start, startCancel } from '@shared/contract/video-chat';
import { ruVideoChat } from '../../i18n/video-chat';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, Card, ErrorBox, Loader, Spinner, Switch } from '../../ui';
import { chatAtom, endWith, NOTICE_MS, setChat } from './chat-store';
import { probeMedia, probePassed, skipsMediaCheck } from './media-probe';
import { TrainingView } from './TrainingView';
import { useChatSync } from './use-chat-sync';
import './video-chat.css';

const t = ruVideoChat;

/**
 * Video chat (route trains_verbal_players, shell §4.2): waiting with the readiness switch and the
 * device check, searching, an incoming call (answered in the overlay), connection and answering.
 */
export function VideoChatPage() {
  const chat = useAtomValue(chatAtom);
  const sync = useChatSync();
  const [probe, setProbe] = useState<MediaProbeResult | null>(null);
  const [probing, setProbing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [skipCheck] = useState(() => skipsMediaCheck());

  const runProbe = async () => {
    setProbing(true);
    setProbe(await probeMedia());
    setProbing(false);
  };
  useEffect(() => {
    if (!skipCheck) void runProbe();
  }, [skipCheck]);

  // A cause or end message shows about 5 s (shell §9).
  const notice = chat.notice;
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setChat((state) => (state.notice === notice ? { ...state, notice: null } : state)), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
    } catch (failure) {
      setActionError(liveErrorText(failure));
    }
    setBusy(false);
  };

  const toggleWant = async (next: boolean) => {
    setSwitchError(null);
    sync.setWantLocally(next);
    try {
      await liveRequest(setUserWant, { want: next ? '1' : '0' });
    } catch (failure) {
      sync.setWantLocally(!next);
      setSwitchError(t.switchError(liveErrorText(failure)));
    }
  };

  const startSearch = () =>
    act(async () => {
      setChat((state) => ({ ...state, phase: 'searching', notice: null }));
      try {
        await liveRequest(start, {});
      } catch (failure) {
        setChat((state) => (state.phase === 'searching' ? { ...state, phase: 'waiting' } : state));
        throw failure;
      }
    });
  const cancelSearch = () =>
    act(async () => {
      await liveRequest(startCancel, {});
      setChat((state) => (state.phase === 'searching' ? { ...state, phase: 'waiting', trainInfo: null } : state));
    });
  const endTraining = () =>
    act(async () => {
      await liveRequest(callCancel, {});
      endWith(t.ended);
    });

  const ready = skipCheck || (probe !== null && probePassed(probe));
  return (
    <section className="screen vchat" aria-labelledby="vchat-title">
      <h1 id="vchat-title" className="vchat__title">
        {t.title}
      </h1>
      {notice && (
        <p className={`vchat__notice vchat__notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="vchat-notice">
          {notice.text}
        </p>
      )}
      {actionError && <ErrorBox message={actionError} />}
      {sync.loading ? (
        <Loader />
      ) : sync.error ? (
        <ErrorBox message={sync.error} onRetry={sync.reload} retryLabel={t.retry} />
      ) : chat.phase === 'waiting' ? (
        <div className="vchat__waiting">
          <Card title={t.title}>
            <div className="vchat__stack">
              <p className="vchat__intro">{t.intro}</p>
              <Switch checked={sync.want} onChange={(next) => void toggleWant(next)} label={t.wantLabel} />
              <p className="vchat__hint">{t.wantHint}</p>
              {switchError && (
                <p className="vchat__error" role="alert">
                  {switchError}
                </p>
              )}
              <Button onClick={() => void startSearch()} disabled={busy || !ready}>
                {t.start}
              </Button>
            </div>
          </Card>
          {skipCheck ? (
            <Card title={t.probe.title} className="vchat__probe">
              <p className="vchat__hint" data-testid="probe-skipped">
                {t.probe.skippedOnPhone}
              </p>
            </Card>
          ) : (
            <ProbeCard probe={probe} probing={probing} onRetry={() => void runProbe()} />
          )}
        </div>
      ) : chat.phase === 'searching' ? (
        <Card className="vchat__searching">
          <div className="vchat__stack">
            <div className="vchat__searching-row" role="status">
              <Spinner size={28} />
              <div>
                <p className="vchat__searching-title">{t.searching}</p>
                <p className="vchat__hint">{t.searchingHint}</p>
              </div>
          </div>
          <Button variant="secondary" onClick={() => void cancelSearch()} disabled={busy}>
            {t.cancelSearch}
          </Button>
          </div>
        </Card>
      ) : chat.phase === 'call' ? (
        <Card>
          <p role="status">{t.callOnPage}</p>
        </Card>
      ) : chat.trainInfo ? (
        <TrainingView trainInfo={chat.trainInfo} iceServers={sync.iceServers} answering={chat.phase === 'answering'} onEnd={() => void endTraining()} ending={busy} />
      ) : (
        <Loader label={t.connecting} />
      )}
    </section>
  );
}

function ProbeCard({ probe, probing, onRetry }: { probe: MediaProbeResult | null; probing: boolean; onRetry: () => void }) {
  const p = t.probe;
  const rows = [
    ['camera', p.camera],
    ['microphone', p.microphone],
    ['audioOutput', p.audioOutput],
  ] as const;
  return (
    <Card title={p.title} className="vchat__probe">
      <div className="vchat__stack">
        {probing || !probe ? (
          <Loader label={p.checking} size="sm" />
        ) : (
          <>
            <ul className="vchat__devices">
              {rows.map(([key, label]) => (
                <li key={key} className={probe[key] ? 'vchat__device vchat__device--ok' : 'vchat__device vchat__device--bad'} data-testid={`probe-${key}`}>
                  <span className="vchat__device-name">{label}</span>
                  <span className="vchat__device-state">{probe[key] ? p.ok : p.unavailable}</span>
                  {!probe[key] && probe.reasons[key] && <span className="vchat__device-reason">{probe.reasons[key]}</span>}
                </li>
              ))}
            </ul>
            {!probePassed(probe) && <p className="vchat__error">{p.blocked}</p>}
            <Button variant="secondary" size="sm" onClick={onRetry}>
              {p.again}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
