import { useQuery } from '@tanstack/react-query';
import { createOrJoinGame } from '@shared/contract/decide-first';
import { useState } from 'react';
import { ruDecideFirst } from '../../i18n/decide-first';
import { api } from '../../lib/api';
import { Button, Card, QueryState, TextField } from '../../ui';
import { decideFirstQueries } from './api';
import { cleanGameId } from './logic';
import { messageOf } from '../../lib/error-text';

const t = ruDecideFirst;
type Busy = 'public' | 'create' | 'join' | null;

/** GAME_SELECT: join a public game, create a private one or join one by its id; the tournament table below. */
export function SelectView({ onJoined }: { onJoined: () => Promise<void> }) {
  const [gameId, setGameId] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  const join = async (kind: Exclude<Busy, null>) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      await api.call(createOrJoinGame, kind === 'public' ? { gameType: 'public' } : { gameType: 'private', gameId: kind === 'join' ? gameId : '' }, { handleErrors: true });
      await onJoined();
    } catch (failure) {
      setError(t.error(messageOf(failure)));
    }
    setBusy(null);
  };

  return (
    <div className="df-select">
      <p className="df-muted">
        {t.intro} {t.rule}
      </p>
      <div className="df-select__cards">
        <Card title={t.select.publicTitle} className="df-select__card">
          <p className="df-muted">{t.select.publicText}</p>
          <Button onClick={() => void join('public')} loading={busy === 'public'} disabled={busy !== null} data-testid="df-public">
            {t.select.publicJoin}
          </Button>
        </Card>
        <Card title={t.select.privateTitle} className="df-select__card">
          <p className="df-muted">{t.select.privateText}</p>
          <Button variant="secondary" onClick={() => void join('create')} loading={busy === 'create'} disabled={busy !== null} data-testid="df-create">
            {t.select.privateCreate}
          </Button>
          <form
            className="df-select__join"
            onSubmit={(event) => {
              event.preventDefault();
              if (gameId !== '') void join('join');
            }}
          >
            <TextField label={t.select.gameId} value={gameId} onChange={(value) => setGameId(cleanGameId(value))} inputMode="numeric" autoComplete="off" data-testid="df-game-id" />
            {/* learning §5: joining a private game is disabled while the game id is empty. */}
            <Button type="submit" variant="secondary" loading={busy === 'join'} disabled={gameId === '' || busy !== null} data-testid="df-join">
              {t.select.privateJoin}
            </Button>
          </form>
        </Card>
      </div>
      {error && (
        <p className="df-error" role="alert" data-testid="df-select-error">
          {error}
        </p>
      )}
      <Standings />
    </div>
  );
}

/** The tournament table, top 20. */
function Standings() {
  const table = useQuery(decideFirstQueries.standings());
  return (
    <Card title={t.standings.title} className="df-standings">
      <QueryState query={table} errorText={() => t.standings.error} retryLabel={t.retry} empty={(data) => data.standings.length === 0 && t.standings.empty} emptyCompact>
        {(data) => (
          <div className="df-table-wrap">
            <table className="df-table" data-testid="df-standings">
              <caption className="df-muted">{t.standings.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.standings.position}</th>
                  <th scope="col">{t.standings.name}</th>
                  <th scope="col">{t.standings.all}</th>
                  <th scope="col">{t.standings.win}</th>
                  <th scope="col">{t.standings.drew}</th>
                  <th scope="col">{t.standings.lost}</th>
                </tr>
              </thead>
              <tbody>
                {data.standings.map((row) => (
                  <tr key={row.userVkId}>
                    <td>{row.position}</td>
                    <td>{row.userName}</td>
                    <td>{row.all}</td>
                    <td>{row.win}</td>
                    <td>{row.drew}</td>
                    <td>{row.lost}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
