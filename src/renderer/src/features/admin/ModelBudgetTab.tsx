import { getModelBudgetUsage } from '@shared/contract/model-budget';
import { isoDateToRu } from '@shared/domain/moscow-time';
import { ruAdmin } from '../../i18n/admin';
import { Button } from '../../ui';
import { Loaded, useSetting } from './use-settings';

const t = ruAdmin.modelBudget;

/** Today's paid model calls (server/model-budget): the school's total against its limit and the heaviest users. */
export function ModelBudgetTab() {
  const usage = useSetting(getModelBudgetUsage);
  return (
    <section className="admin-card" aria-labelledby="model-budget-title">
      <h2 id="model-budget-title">{t.title}</h2>
      <p className="muted small">{t.hint}</p>
      <Loaded query={usage}>
        {(data) => (
          <>
            <p className="model-budget__totals" data-testid="model-budget-totals">
              <strong>{t.school(data.schoolCalls, data.schoolLimit)}</strong> · {isoDateToRu(data.day)}
              <br />
              <span className="muted small">{t.perUser(data.perUserLimit)}</span>
            </p>
            {data.topUsers.length === 0 ? (
              <p className="muted">{t.empty}</p>
            ) : (
              <div className="model-budget__table-wrap">
                <table className="model-budget__table">
                  <caption className="model-budget__caption">{t.topTitle}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.user}</th>
                      <th scope="col">{t.calls}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.topUsers.map((row) => (
                      <tr key={row.userId}>
                        <td>{row.fullName}</td>
                        <td>
                          {row.calls} / {data.perUserLimit}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="admin-actions">
              <Button variant="secondary" loading={usage.isFetching} onClick={() => void usage.refetch()}>
                {t.refresh}
              </Button>
            </div>
          </>
        )}
      </Loaded>
    </section>
  );
}
