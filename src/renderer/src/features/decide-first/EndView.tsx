import { useQueryClient } from '@tanstack/react-query';
import { leaveGame, type GameInfo, type GamePlayer, type GameQuestion } from '@shared/contract/decide-first';
import { useState } from 'react';
import { ruDecideFirst } from '../../i18n/decide-first';
import { api } from '../../lib/api';
import { Button, Card, cx } from '../../ui';
import { decideFirstQueries } from './api';
import { formatPoints, nameOf, rankPlayers } from './logic';
import { messageOf } from '../../lib/error-text';

const t = ruDecideFirst;
/** GAME_END: the game's standings and every round; closing it goes back to the selection. */
export function EndView({ info, players, questions, reload }: { info: GameInfo; players: GamePlayer[]; questions: GameQuestion[]; reload: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const me = players.find((player) => player.userVkId === info.currentUserVkId);
  const ranked = rankPlayers(players);
  const headline = me?.userStatus === 'Победил' ? t.end.youWon : me?.userStatus === 'Ничья' ? t.end.draw : t.end.youLost;

  const exit = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call(leaveGame, { gameId: info.gameId }, { handleErrors: true });
      await queryClient.invalidateQueries({ queryKey: decideFirstQueries.standings().queryKey });
      await reload();
    } catch (failure) {
      setError(t.error(messageOf(failure)));
    }
    setBusy(false);
  };

  return (
    <Card title={t.end.title} className="df-end" data-testid="df-end">
      <p className={cx('df-outcome', me?.userStatus === 'Победил' && 'df-outcome--won')} data-testid="df-end-headline">
        {headline}
      </p>
      <div className="df-table-wrap">
        <table className="df-table" data-testid="df-end-table">
          <caption className="df-muted">{t.end.table}</caption>
          <thead>
            <tr>
              <th scope="col">{t.end.place}</th>
              <th scope="col">{t.standings.name}</th>
              <th scope="col">{t.end.score}</th>
              <th scope="col">{t.end.won}</th>
              <th scope="col">{t.end.status}</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map((player) => (
              <tr key={player.userVkId} className={cx(player.userVkId === info.currentUserVkId && 'df-table__me')}>
                <td>{player.place}</td>
                <td>{player.userName}</td>
                <td data-testid="df-end-points">{formatPoints(player.userBall)}</td>
                <td>{player.roundsWon}</td>
                <td data-testid="df-end-status">{player.userStatus.replace('_', ', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="df-subtitle">{t.end.rounds}</h3>
      <ol className="df-end__rounds">
        {questions.map((question) => (
          <li key={question.qNum}>
            <span>{t.round.task(question.qJson.qEgeNum)}</span>
            <span className="df-muted"> · {t.mid.rightAnswer.toLowerCase()}: {question.qAnswer}</span>
            <span> · {question.winnerUserVkId ? `${nameOf(players, question.winnerUserVkId)} +${formatPoints(question.winnerBall)}` : t.mid.noWinner}</span>
          </li>
        ))}
      </ol>
      <div className="df-actions">
        <Button onClick={() => void exit()} loading={busy} data-testid="df-exit" autoFocus>
          {t.end.exit}
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
