import { getAvailableIcons, iconConfigSchema, updateAvailableIcon } from '@shared/contract/admin';
import { ICON_ROLE_ALL, PERMISSION_GROUPS } from '@shared/domain/icons';
import { USER_TYPES } from '@shared/domain/user-types';
import { useState } from 'react';
import type { z } from 'zod';
import { ruAdmin } from '../../i18n/admin';
import { Accordion, Button, Checkbox, EmptyState } from '../../ui';
import { AddFromList } from './AddFromList';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

const t = ruAdmin.icons;
type Icon = z.infer<typeof iconConfigSchema>;

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** The Иконки tab: who sees each button (roles, denied roles, groups); a save reaches everyone live. */
export function IconsTab() {
  const icons = useSetting(getAvailableIcons);
  return (
    <Loaded query={icons}>
      {(data) =>
        data.icons.length === 0 ? (
          <EmptyState text={t.empty} />
        ) : (
          <>
            <p className="muted small">{data.comment}</p>
            <div className="admin-settings__list">
              {data.icons.map((icon) => (
                <Accordion key={icon.name} title={icon.title} summary={icon.roles.includes(ICON_ROLE_ALL) ? t.all : icon.roles.join(', ')}>
                  <IconEditor icon={icon} />
                </Accordion>
              ))}
            </div>
          </>
        )
      }
    </Loaded>
  );
}

function IconEditor({ icon }: { icon: Icon }) {
  const [roles, setRoles] = useState(icon.roles);
  const [exclude, setExclude] = useState(icon.exclude);
  const [groups, setGroups] = useState(icon.groups);
  const save = useSave(updateAvailableIcon, getAvailableIcons);
  const all = roles.includes(ICON_ROLE_ALL);
  return (
    <div className="admin-icon">
      <fieldset>
        <legend>{t.roles}</legend>
        <Checkbox checked={all} onChange={(on) => setRoles(on ? [ICON_ROLE_ALL] : [])} label={t.all} />
        {USER_TYPES.map((type) => (
          <Checkbox key={type} checked={roles.includes(type)} disabled={all || exclude.includes(type)} onChange={(on) => setRoles(toggled(roles, type, on))} label={type} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.exclude}</legend>
        {USER_TYPES.map((type) => (
          <Checkbox key={type} checked={exclude.includes(type)} disabled={roles.includes(type)} onChange={(on) => setExclude(toggled(exclude, type, on))} label={type} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.groups}</legend>
        {groups.length === 0 ? (
          <p className="small muted">{t.noGroups}</p>
        ) : (
          <ul className="admin-members">
            {groups.map((group) => (
              <li key={group}>
                <span>{group}</span>
                <Button size="sm" variant="ghost" aria-label={t.removeGroup(group)} onClick={() => setGroups(groups.filter((item) => item !== group))}>
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddFromList
          label={t.addGroup}
          options={PERMISSION_GROUPS.filter((group) => !groups.includes(group)).map((group) => ({ value: group, label: group }))}
          nothingChosen={ruAdmin.noElement}
          onAdd={(group) => setGroups(toggled(groups, group as (typeof PERMISSION_GROUPS)[number], true))}
        />
      </fieldset>
      <div className="admin-actions">
        <Button onClick={() => save.mutate({ icon: icon.name, roles, exclude, groups })} loading={save.isPending}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </div>
  );
}
