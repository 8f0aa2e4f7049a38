import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUsersForProcess, type ProcessAccess } from '@shared/contract/standards';
import { PROCESS_ACCESS_TYPES, type ProcessAccessType } from '@shared/domain/standards';
import { useState } from 'react';
import { ruStandards } from '../../i18n/standards';
import { api } from '../../lib/api';
import { Button, ErrorBox, Popup, QueryState, Select, useNotify } from '../../ui';
import { STANDARDS_KEY, useProcessUsers } from './queries';

const t = ruStandards;
const OPTIONS = PROCESS_ACCESS_TYPES.map((value) => ({ value, label: t.accessTypes[value] }));

/** 'Доступ к процессу': a level per user, saved together; only changed rows are sent. */
export function ProcessAccessPopup({ process, onClose }: { process: string; onClose: () => void }) {
  const query = useProcessUsers(process);
  const users = query.data?.processesAccess[process] ?? [];
  const [changes, setChanges] = useState<Map<number, ProcessAccessType>>(new Map());
  const queryClient = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: () => api.call(setUsersForProcess, { process, processAccess: [...changes].map(([userId, accessType]) => ({ userId, accessType })) }, { handleErrors: true }),
    onSuccess: async () => {
      notify(t.saved, { tone: 'success' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: STANDARDS_KEY });
    },
  });
  const levelOf = (user: ProcessAccess) => changes.get(user.userId) ?? user.accessType;

  return (
    <Popup
      open
      onClose={onClose}
      title={t.processAccess}
      size="md"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={save.isPending || changes.size === 0 || !query.isSuccess}>
            {t.save}
          </Button>
        </>
      }
    >
      <p className="standards-access__process">{process}</p>
      <QueryState query={query} errorText={(error) => t.usersError(error.message)} empty={() => users.length === 0 && t.noUsers} emptyCompact>
        {() => (
          <>
            <p className="muted small">
              {t.accessHint} {t.adminsNote}
            </p>
            <ul className="standards-access__list">
              {users.map((user) => (
                <li key={user.userId} className="standards-access__row">
                  <span className="standards-access__name">{user.userName}</span>
                  <Select<ProcessAccessType>
                    className="standards-access__select"
                    aria-label={`${t.processAccess}: ${user.userName}`}
                    options={OPTIONS}
                    value={levelOf(user)}
                    onChange={(value) =>
                      setChanges((current) => {
                        const next = new Map(current);
                        if (value === user.accessType) next.delete(user.userId);
                        else next.set(user.userId, value);
                        return next;
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {save.isError && <ErrorBox message={t.saveError(save.error.message)} />}
    </Popup>
  );
}
