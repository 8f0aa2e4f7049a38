import { leaveGame, startPrivateGame, type GameInfo, type GamePlayer } from '@shared/contract/decide-first';
import { DECIDE_FIRST } from '@shared/domain/decide-first';
import { useState } from 'react';
import { ruDecideFirst } from '../../i18n/decide-first';
import { api } from '../../lib/api';
import { Button, Card, useNotify } from '../../ui';
import { Countdown } from './Scoreboard';
import { useGameClock } from './use-game-clock';
import { messageOf } from '../../lib/error-text';

const t = ruDecideFirst;
/** WAIT_PLAYERS: who is in; the private owner starts or cancels ('Отменить игру'), others may leave ('Отказаться от игры'). */
export function WaitView({ info, players, reload }: { info: GameInfo; players: GamePlayer[]; reload: () => Promise<void> }) {
  const left = useGameClock(info.gameId, info.timer, info.lastGameUpdate, () => void reload());
  const notify = useNotify();
  const [busy, setBusy] = useState<'start' | 'leave' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isOwner = info.gameType === 'private' && info.ownerUserVkId === info.currentUserVkId;
  const enough = players.length >= DECIDE_FIRST.minPlayers;

  const act = async (kind: 'start' | 'leave') => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      await api.call(kind === 'start' ? startPrivateGame : leaveGame, { gameId: info.gameId }, { handleErrors: true });
      await reload();
    } catch (failure) {
      setError(t.error(messageOf(failure)));
    }
    setBusy(null);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(String(info.gameId));
      notify(t.wait.copied, { tone: 'success' });
    } catch {
      // No clipboard (insecure origin): the number is on screen to read out.
    }
  };

  return (
    <Card title={info.gameType === 'private' ? t.wait.privateTitle : t.wait.publicTitle} className="df-wait" data-testid="df-wait">
      {info.gameType === 'private' && (
        <div className="df-wait__id">
          <p className="df-wait__number" data-testid="df-wait-id">
            {t.wait.gameNumber(info.gameId)}
          </p>
          <p className="df-muted">{t.wait.share}</p>
          <Button variant="ghost" size="sm" onClick={() => void copy()}>
            {t.wait.copy}
          </Button>
        </div>
      )}
      {info.gameType === 'public' && (left !== null ? <Countdown label={t.wait.startsIn} ms={left} /> : <p className="df-muted">{t.wait.needMore}</p>)}
      {info.gameType === 'private' && <p className="df-muted">{!enough ? t.wait.needMore : isOwner ? t.wait.ownerWaits : t.wait.othersWait}</p>}
      <h3 className="df-subtitle">{t.wait.players(players.length)}</h3>
      <ul className="df-wait__players" data-testid="df-wait-players">
        {players.map((player) => (
          <li key={player.userVkId}>
            {player.userName}
            {player.userVkId === info.ownerUserVkId && <span className="df-muted"> ({t.wait.owner})</span>}
            {player.userVkId === info.currentUserVkId && <span className="df-muted"> ({t.standings.me})</span>}
          </li>
        ))}
      </ul>
      <div className="df-actions">
        {isOwner && (
          <Button onClick={() => void act('start')} loading={busy === 'start'} disabled={!enough || busy !== null} data-testid="df-start">
            {t.wait.start}
          </Button>
        )}
        <Button variant={isOwner ? 'danger' : 'secondary'} onClick={() => void act('leave')} loading={busy === 'leave'} disabled={busy !== null} data-testid="df-leave">
          {isOwner ? t.wait.cancel : t.wait.leave}
        </Button>
      </div>
      {error && (
        <p className="df-error" role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
