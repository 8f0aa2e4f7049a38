import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { OutputOf } from '@shared/contract/core';
import { getIconsForHide, setIcons } from '@shared/contract/shell';
import { ICON_GROUPS, type IconKey } from '@shared/domain/icons';
import { displayFlagsAtom } from '../../lib/live';
import { ruPreferences } from '../../i18n/preferences';
import { EmptyState, ErrorBox, fill, Loader, Spinner, Switch, cx } from '../../ui';
import { errorText, liveRequest, retryLive } from './live-request';

const t = ruPreferences.icons;
const QUERY_KEY = ['iconsForHide'] as const;

type IconList = OutputOf<typeof getIconsForHide>;
type Icon = IconList['icons'][number];

/**
 * Learning doc 'Icon display settings': the icons the user may hide, by group in the spec's order.
 * A group head switches its whole group; one switch runs at a time; a failed one reverts and says
 * why next to itself. The header follows through the server's update_icons push.
 */
export function IconSettings() {
  const queryClient = useQueryClient();
  const icons = useQuery({ queryKey: QUERY_KEY, queryFn: () => liveRequest(getIconsForHide, {}), retry: retryLive });
  const [running, setRunning] = useState<IconKey | null>(null);
  const [errors, setErrors] = useState<Partial<Record<IconKey, string>>>({});
  const runningRef = useRef(false);

  // Flags pushed for another reason (another device, an admin's change) may change what is listed.
  const flags = useAtomValue(displayFlagsAtom);
  const seenFlags = useRef(flags);
  useEffect(() => {
    if (seenFlags.current === flags) return;
    seenFlags.current = flags;
    if (!runningRef.current) void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  }, [flags, queryClient]);

  if (icons.isPending) return <Loader />;
  if (icons.isError) return <ErrorBox message={errorText(icons.error)} onRetry={() => void icons.refetch()} />;
  if (icons.data.icons.length === 0) return <EmptyState text={t.empty} compact />;

  const toggle = async (icon: Icon, shown: boolean) => {
    if (runningRef.current) return;
    runningRef.current = true;
    const status = shown ? '1' : '0';
    const previous = icons.data;
    const keys = icon.chapter === '1' ? previous.icons.filter((other) => other.group === icon.group).map((other) => other.key) : [icon.key];
    setRunning(icon.key);
    setErrors((current) => ({ ...current, [icon.key]: undefined }));
    // A refetch in flight must not overwrite the switch the user just moved.
    await queryClient.cancelQueries({ queryKey: QUERY_KEY });
    queryClient.setQueryData<IconList>(QUERY_KEY, {
      icons: previous.icons.map((other) => (keys.includes(other.key) ? { ...other, status } : other)),
    });
    try {
      await liveRequest(setIcons, { icons: Object.fromEntries(keys.map((key) => [key, status])) });
    } catch (error) {
      queryClient.setQueryData<IconList>(QUERY_KEY, previous);
      setErrors((current) => ({ ...current, [icon.key]: fill(t.toggleError, { message: errorText(error) }) }));
    } finally {
      runningRef.current = false;
      setRunning(null);
    }
  };

  const groups = ICON_GROUPS.map((group) => ({ group, items: icons.data.icons.filter((icon) => icon.group === group) })).filter(
    ({ items }) => items.length > 0,
  );

  return (
    <div className="prefs-icons" aria-busy={running !== null || undefined}>
      {groups.map(({ group, items }) => (
        <section key={group} className="prefs-icons__group" aria-labelledby={`prefs-group-${group}`}>
          <h3 id={`prefs-group-${group}`} className="prefs-icons__heading">
            {t.groups[group]}
          </h3>
          <ul className="prefs-icons__list">
            {items.map((icon) => {
              const head = icon.chapter === '1';
              return (
                <li key={icon.key} className={cx('prefs-icon', head && 'prefs-icon--head', !head && items.some((other) => other.chapter === '1') && 'prefs-icon--child')} data-icon={icon.key}>
                  <div className="prefs-icon__row">
                    <Switch
                      checked={icon.status === '1'}
                      onChange={(shown) => void toggle(icon, shown)}
                      disabled={running !== null && running !== icon.key}
                      label={
                        <>
                          {icon.title}
                          {head && <span className="prefs-icon__scope"> · {t.wholeGroup}</span>}
                        </>
                      }
                    />
                    {running === icon.key && <Spinner size={16} className="prefs-icon__spinner" />}
                  </div>
                  {errors[icon.key] && (
                    <p className="prefs-icon__error" role="alert">
                      {errors[icon.key]}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
