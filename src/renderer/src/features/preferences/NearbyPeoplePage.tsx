import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toFlag } from '@shared/contract/fields';
import { stickyCell, type GridPoint } from '@shared/domain/location-grid';
import {
  getNearestUsers,
  getUserLocationVisibility,
  updateUserLocation,
  updateUserLocationVisibility,
  type NearbyUser,
} from '@shared/contract/preferences';
import { ruPreferences } from '../../i18n/preferences';
import { Card, ErrorBox, fill, Loader, QueryState, Switch } from '../../ui';
import { errorText, liveRequest, retryLive } from './live-request';
import { useLocationSharing, type GeoPoint, type GeoState } from './use-location-sharing';
import './preferences.css';

const t = ruPreferences.nearby;
const VISIBILITY_KEY = ['locationVisibility'] as const;
const NEAREST_KEY = ['nearestUsers'] as const;

/** Nearby people (learning doc 'Nearby people', §4, §7, §8): be seen to see others. */
export function NearbyPeoplePage() {
  const queryClient = useQueryClient();
  const visibility = useQuery({ queryKey: VISIBILITY_KEY, queryFn: () => liveRequest(getUserLocationVisibility, {}), retry: retryLive });
  const visible = visibility.data?.isLocationPublic === '1';
  const [toggling, setToggling] = useState(false);
  const [toggleError, setToggleError] = useState<string | null>(null);
  // The server holds a current position of ours (sent during this visit): only then can it measure.
  const [located, setLocated] = useState(false);
  const locatedRef = useRef(false);
  const [sendError, setSendError] = useState<string | null>(null);
  // Bumped by every switch change: a position read before it must not count after it.
  const generation = useRef(0);
  const lastCell = useRef<GridPoint | null>(null);

  const share = async (point: GeoPoint) => {
    const started = generation.current;
    try {
      // Only the centre of the ~1 km grid cell leaves the device: the server keeps nothing finer.
      // The last cell is kept while the position jitters just past its edge (not a move).
      const cell = stickyCell(lastCell.current, point);
      lastCell.current = cell;
      await liveRequest(updateUserLocation, { latitude: cell.latitude.toFixed(7), longitude: cell.longitude.toFixed(7) });
      if (started !== generation.current) return;
      setSendError(null);
      if (locatedRef.current) void queryClient.invalidateQueries({ queryKey: NEAREST_KEY });
      locatedRef.current = true;
      setLocated(true);
    } catch (error) {
      if (started === generation.current) setSendError(fill(t.error, { message: errorText(error) }));
    }
  };
  const geo = useLocationSharing(visible, (point) => void share(point));

  const nearest = useQuery({
    queryKey: NEAREST_KEY,
    queryFn: () => liveRequest(getNearestUsers, {}),
    enabled: visible && located,
    retry: retryLive,
    staleTime: 0,
  });

  const toggle = async (on: boolean) => {
    setToggling(true);
    setToggleError(null);
    try {
      await liveRequest(updateUserLocationVisibility, { isLocationPublic: toFlag(on) });
      generation.current += 1;
      // Whatever was listed belonged to the previous state; a new 'on' starts from a fresh position.
      locatedRef.current = false;
      setLocated(false);
      setSendError(null);
      queryClient.removeQueries({ queryKey: NEAREST_KEY });
      queryClient.setQueryData(VISIBILITY_KEY, { isLocationPublic: toFlag(on) });
    } catch (error) {
      setToggleError(fill(t.error, { message: errorText(error) }));
    } finally {
      setToggling(false);
    }
  };

  const geoBlocked = geo.state === 'unsupported' || geo.state === 'insecure' || geo.state === 'denied';

  return (
    <section className="screen prefs" aria-labelledby="nearby-title">
      <h1 id="nearby-title">{t.title}</h1>
      <Card>
        <div className="prefs-nearby__controls">
          <p className="muted">{t.intro}</p>
          <Switch checked={visible} onChange={(on) => void toggle(on)} label={t.showMe} disabled={toggling || !visibility.isSuccess} />
          {toggleError && (
            <p className="form__error" role="alert">
              {toggleError}
            </p>
          )}
          <GeoIndicator state={geo.state} reason={geo.reason} />
        </div>
      </Card>
      <Card title={t.listTitle}>
        <QueryState query={visibility} errorText={(error) => fill(t.error, { message: errorText(error) })} empty={() => !visible ? t.hint : geoBlocked ? t.geo[geo.state as 'unsupported' | 'insecure' | 'denied'] : null} emptyCompact>
          {() => !located ? (
            sendError ? <ErrorBox message={sendError} /> : <Loader label={t.locating} />
          ) : (
            <QueryState query={nearest} errorText={(error) => fill(t.error, { message: errorText(error) })} empty={(data) => data.users.length === 0 && t.empty} emptyCompact>
              {(data) => <PeopleList users={data.users} />}
            </QueryState>
          )}
        </QueryState>
        {located && sendError && <p className="form__error prefs-nearby__send-error" role="alert">{sendError}</p>}
      </Card>
    </section>
  );
}

const TONES: Record<GeoState, 'ok' | 'wait' | 'bad'> = {
  granted: 'ok',
  prompt: 'wait',
  unavailable: 'wait',
  denied: 'bad',
  unsupported: 'bad',
  insecure: 'bad',
};

function GeoIndicator({ state, reason }: { state: GeoState; reason: string }) {
  const text = state === 'unavailable' ? fill(t.geo.unavailable, { reason }) : t.geo[state];
  return (
    <p className={`prefs-geo prefs-geo--${TONES[state]}`} role="status" data-state={state}>
      <span className="prefs-geo__dot" aria-hidden="true" />
      <span>
        <span className="visually-hidden">{t.geo.label}: </span>
        {text}
      </span>
    </p>
  );
}

/** A Telegram username as t.me accepts it, without a leading '@'; null if it is not one. */
function telegramName(nick: string): string | null {
  const name = nick.trim().replace(/^@/, '');
  return /^[A-Za-z0-9_]{4,32}$/.test(name) ? name : null;
}

function PeopleList({ users }: { users: NearbyUser[] }) {
  return (
    <ul className="prefs-people">
      {users.map((user, index) => {
        const tg = telegramName(user.userTgNickName);
        const fullName = `${user.userSurname} ${user.userName}`.trim();
        return (
          <li key={`${fullName}-${index}`} className="prefs-people__item">
            <span className="prefs-people__avatar" aria-hidden="true">
              {`${user.userName.charAt(0)}${user.userSurname.charAt(0)}`}
            </span>
            <span className="prefs-people__name">{fullName}</span>
            {tg ? (
              <a className="prefs-people__link" href={`https://t.me/${tg}`} target="_blank" rel="noreferrer" aria-label={`${t.telegram}: ${fullName}`}>
                {t.telegram}
              </a>
            ) : (
              <span className="muted small">{t.noTelegram}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
