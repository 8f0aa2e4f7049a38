import type { GameInfo, GamePlayer } from '@shared/contract/decide-first';
import { formatCountdown } from '@shared/domain/decide-first';
import { ruDecideFirst } from '../../i18n/decide-first';
import { cx } from '../../ui';
import { formatCoefficient, formatPoints } from './logic';

const t = ruDecideFirst;

/** The players with their points and coefficients; the viewer's row is marked. */
export function Scoreboard({ info, players, showAnswers = false }: { info: GameInfo; players: GamePlayer[]; showAnswers?: boolean }) {
  return (
    <ul className="df-board" aria-label={t.scoreboard} data-testid="df-board">
      {players.map((player) => (
        <li key={player.userVkId} className={cx('df-board__row', player.userVkId === info.currentUserVkId && 'df-board__row--me', player.userStatus === 'Проиграл_вышел' && 'df-board__row--out')}>
          <span className="df-board__name">
            {player.userName}
            {player.userVkId === info.currentUserVkId && <span className="df-muted"> ({t.standings.me})</span>}
          </span>
          {showAnswers && <span className="df-board__answer">{player.userAnswer || '—'}</span>}
          <span className="df-board__coef df-muted" title={t.round.coefficient}>
            {formatCoefficient(player.userBallCoefficient)}
          </span>
          <strong className="df-board__points" data-testid="df-points">
            {formatPoints(player.userBall)}
          </strong>
        </li>
      ))}
    </ul>
  );
}

/** The countdown, tenths of a second; a round's last ten seconds are marked urgent. */
export function Countdown({ label, ms, urgent = false }: { label: string; ms: number | null; urgent?: boolean }) {
  if (ms === null) return null;
  return (
    <p className={cx('df-countdown', urgent && ms <= 10_000 && 'df-countdown--urgent')} role="timer" aria-live="off">
      <span className="df-muted">{label} </span>
      <strong data-testid="df-timer">{formatCountdown(ms)}</strong>
    </p>
  );
}
