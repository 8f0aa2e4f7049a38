import { getUsersForGroups, updateGroupAccess } from '@shared/contract/admin';
import { SINGLE_MEMBER_GROUPS, type PermissionGroup } from '@shared/domain/icons';
import { ruAdmin } from '../../i18n/admin';
import { Accordion, Button, EmptyState } from '../../ui';
import { AddFromList } from './AddFromList';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

const t = ruAdmin.groups;

/** The Группы tab: members of each permission group; single-member groups replace on add. */
export function GroupsTab() {
  const groups = useSetting(getUsersForGroups);
  const save = useSave(updateGroupAccess, getUsersForGroups);
  return (
    <Loaded query={groups}>
      {(data) =>
        data.groups.length === 0 ? (
          <EmptyState text={t.empty} />
        ) : (
          <div className="admin-settings__list">
            <SaveError error={save.error} />
            {data.groups.map(({ group, comment }) => {
              const members = data.usersForGroups[group] ?? [];
              const ids = members.map((member) => Number(member.userId));
              const single = SINGLE_MEMBER_GROUPS.includes(group as PermissionGroup);
              const candidates = data.users.filter((user) => !ids.includes(Number(user.userId)));
              return (
                <Accordion key={group} title={group} summary={members.length === 0 ? t.noUsers : members.map((member) => member.userFullName).join(', ')}>
                  <p className="muted small">{comment}</p>
                  {single && <p className="muted small">{t.single}</p>}
                  {members.length === 0 ? (
                    <p className="small">{t.noUsers}</p>
                  ) : (
                    <ul className="admin-members">
                      {members.map((member) => (
                        <li key={member.userId}>
                          <span>{member.userFullName}</span>
                          <Button size="sm" variant="ghost" aria-label={t.remove(member.userFullName)} onClick={() => save.mutate({ group, usersForGroup: ids.filter((id) => id !== Number(member.userId)) })}>
                            ×
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <AddFromList
                    label={t.add}
                    options={candidates.map((user) => ({ value: user.userId, label: user.userFullName }))}
                    nothingChosen={ruAdmin.noUser}
                    onAdd={(userId) => save.mutate({ group, usersForGroup: single ? [Number(userId)] : [...ids, Number(userId)] })}
                  />
                </Accordion>
              );
            })}
          </div>
        )
      }
    </Loaded>
  );
}
