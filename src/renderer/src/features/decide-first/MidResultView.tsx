import type { GameInfo, GamePlayer, GameQuestion } from '@shared/contract/decide-first';
import { ruDecideFirst } from '../../i18n/decide-first';
import { Card } from '../../ui';
import { currentQuestion, formatPoints, nameOf } from './logic';
import { Countdown, Scoreboard } from './Scoreboard';
import { useGameClock } from './use-game-clock';

const t = ruDecideFirst;

/** MID_RESULT: who took the round, the right answer, everyone's answers and points; the next round follows by the clock. */
export function MidResultView({ info, players, questions, reload }: { info: GameInfo; players: GamePlayer[]; questions: GameQuestion[]; reload: () => Promise<void> }) {
  const left = useGameClock(info.gameId, info.timer, info.lastGameUpdate, () => void reload());
  const row = currentQuestion(info, questions);
  const winnerName = row?.winnerUserVkId ? nameOf(players, row.winnerUserVkId) : '';
  const last = info.currentQNum >= info.totalQuestions;
  const won = row?.winnerUserVkId === info.currentUserVkId;
  return (
    <Card title={t.mid.title(info.currentQNum)} className="df-mid" data-testid="df-mid">
      <p className={winnerName ? (won ? 'df-outcome df-outcome--won' : 'df-outcome') : 'df-outcome df-outcome--wrong'} data-testid="df-mid-winner">
        {winnerName && row ? t.mid.winner(winnerName, formatPoints(row.winnerBall)) : t.mid.noWinner}
      </p>
      {row && (
        <dl className="df-mid__answers">
          <div>
            <dt className="df-muted">{t.mid.rightAnswer}</dt>
            <dd data-testid="df-right-answer">{row.qAnswer}</dd>
          </div>
          <div>
            <dt className="df-muted">{t.mid.yourAnswer}</dt>
            <dd>{row.myAnswer || t.mid.noAnswer}</dd>
          </div>
        </dl>
      )}
      <Scoreboard info={info} players={players} showAnswers />
      <Countdown label={last ? t.mid.last : t.mid.next} ms={left} />
    </Card>
  );
}

