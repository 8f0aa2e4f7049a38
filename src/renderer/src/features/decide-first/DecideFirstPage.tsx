import { useQuery, useQueryClient } from '@tanstack/react-query';
import { leaveGame } from '@shared/contract/decide-first';
import { useEffect, useRef } from 'react';
import { ruDecideFirst } from '../../i18n/decide-first';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { ErrorBox, Loader, useNotify } from '../../ui';
import { decideFirstQueries } from './api';
import { EndView } from './EndView';
import { leavesAutomatically, viewStateOf } from './logic';
import { MidResultView } from './MidResultView';
import { RoundView } from './RoundView';
import { SelectView } from './SelectView';
import { WaitView } from './WaitView';
import '../../ui/field.css';
import '../../questions/questions.css';
import './decide-first.css';

const t = ruDecideFirst;

/**
 * The Decide First game (learning §2, §4): GAME_SELECT → WAIT_PLAYERS → ANSWERING ↔ MID_RESULT →
 * GAME_END. The server keeps the whole game; this screen shows the state it reports, so a reload
 * or another device continues where the game is. GAME_CANCEL and LOOSED_BEFORE_END leave on their own.
 */
export function DecideFirstPage() {
  const queryClient = useQueryClient();
  const game = useQuery(decideFirstQueries.game());
  const reload = () => queryClient.invalidateQueries({ queryKey: decideFirstQueries.game().queryKey });
  const data = game.data;
  const state = viewStateOf(data?.gameInfo);
  useAutoLeave(data?.gameInfo?.gameId, state, reload);

  return (
    <section className="screen df" aria-labelledby="df-title">
      <h1 id="df-title" className="df__title">
        {t.title}
      </h1>
      {game.isPending ? (
        <Loader />
      ) : !data ? (
        <ErrorBox message={game.error instanceof ApiError && game.error.kind === 'failure' ? game.error.message : t.loadError} onRetry={() => void game.refetch()} retryLabel={t.retry} />
      ) : !data.gameInfo || state === 'GAME_SELECT' ? (
        <SelectView onJoined={reload} />
      ) : leavesAutomatically(state) ? (
        <Loader />
      ) : state === 'WAIT_PLAYERS' ? (
        <WaitView info={data.gameInfo} players={data.players} reload={reload} />
      ) : state === 'ANSWERING' ? (
        <RoundView info={data.gameInfo} players={data.players} questions={data.questions} reload={reload} />
      ) : state === 'MID_RESULT' ? (
        <MidResultView info={data.gameInfo} players={data.players} questions={data.questions} reload={reload} />
      ) : (
        <EndView info={data.gameInfo} players={data.players} questions={data.questions} reload={reload} />
      )}
    </section>
  );
}

/** GAME_CANCEL and LOOSED_BEFORE_END: say why, close the game on the server and go back to the selection. */
function useAutoLeave(gameId: number | undefined, state: string, reload: () => Promise<void>) {
  const notify = useNotify();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (gameId === undefined || (state !== 'GAME_CANCEL' && state !== 'LOOSED_BEFORE_END')) return;
    const key = `${gameId}:${state}`;
    if (handled.current === key) return;
    handled.current = key;
    notify(state === 'GAME_CANCEL' ? t.notices.cancelled : t.notices.lost, { tone: state === 'GAME_CANCEL' ? 'info' : 'error' });
    void api
      .call(leaveGame, { gameId }, { handleErrors: true })
      .catch(() => undefined)
      .then(reload);
  }, [gameId, state, notify, reload]);
}
