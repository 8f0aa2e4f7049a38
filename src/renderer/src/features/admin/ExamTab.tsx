import { getBallsEge, getSecondaryBall, updateBallsEge, updateSecondaryBall } from '@shared/contract/admin';
import { useState } from 'react';
import { ruAdmin } from '../../i18n/admin';
import { Button, EmptyState, ErrorBox } from '../../ui';
import { nonDecreasing, parseWhole } from './form-rules';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

const t = ruAdmin.exam;

/** The ЕГЭ tab: points per task (what scoring uses for new answers) and the secondary scale. */
export function ExamTab() {
  const points = useSetting(getBallsEge);
  const scale = useSetting(getSecondaryBall);
  return (
    <div className="admin-settings__grid">
      <section className="admin-card" aria-labelledby="exam-points">
        <h2 id="exam-points">{t.pointsTitle}</h2>
        <Loaded query={points}>{(data) => <PointsEditor initial={data.ballsEge} comment={data.comment} />}</Loaded>
      </section>
      <section className="admin-card" aria-labelledby="exam-scale">
        <h2 id="exam-scale">{t.scaleTitle}</h2>
        <Loaded query={scale}>
          {(data) => <ScaleEditor initial={data.secondaryBall} comment={data.comment} total={points.data ? points.data.ballsEge.reduce((sum, value) => sum + value, 0) : null} />}
        </Loaded>
      </section>
    </div>
  );
}

function PointsEditor({ initial, comment }: { initial: readonly number[]; comment: string }) {
  const [values, setValues] = useState(() => initial.map(String));
  const save = useSave(updateBallsEge, getBallsEge);
  const parsed = parseWhole(values, 0, 10);
  return (
    <>
      <p className="muted small">{comment}</p>
      {values.length === 0 ? (
        <EmptyState compact text={t.empty} />
      ) : (
        <ol className="admin-points">
          {values.map((value, index) => (
            <li key={index}>
              <label>
                <span>{t.task(index + 1)}</span>
                <input className="ui-input" inputMode="numeric" maxLength={2} value={value} onChange={(event) => setValues(values.map((old, i) => (i === index ? event.target.value : old)))} />
              </label>
            </li>
          ))}
        </ol>
      )}
      <p className="small">{parsed ? t.total(parsed.reduce((sum, value) => sum + value, 0)) : <span className="admin-invalid">{t.pointsInvalid}</span>}</p>
      <div className="admin-actions">
        <Button variant="secondary" size="sm" onClick={() => setValues([...values, '1'])} disabled={values.length >= 40}>
          {t.addTask}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setValues(values.slice(0, -1))} disabled={values.length <= 1}>
          {t.removeTask}
        </Button>
        <Button onClick={() => parsed && save.mutate({ ballsEge: parsed })} disabled={!parsed || parsed.length === 0} loading={save.isPending}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </>
  );
}

function ScaleEditor({ initial, comment, total }: { initial: Record<string, number>; comment: string; total: number | null }) {
  const [values, setValues] = useState(() =>
    Object.keys(initial)
      .map(Number)
      .sort((a, b) => a - b)
      .map((key) => String(initial[String(key)])),
  );
  const save = useSave(updateSecondaryBall, getSecondaryBall);
  const parsed = parseWhole(values, 0, 100);
  const valid = parsed !== null && parsed.length >= 2 && nonDecreasing(parsed);
  return (
    <>
      <p className="muted small">{comment}</p>
      <ol className="admin-scale" start={0}>
        {values.map((value, primary) => (
          <li key={primary}>
            <label>
              <span>{t.primary(primary)}</span>
              <input className="ui-input" inputMode="numeric" maxLength={3} value={value} onChange={(event) => setValues(values.map((old, i) => (i === primary ? event.target.value : old)))} />
            </label>
          </li>
        ))}
      </ol>
      {!valid && <p className="small admin-invalid">{t.scaleInvalid}</p>}
      {valid && total !== null && values.length - 1 !== total && <ErrorBox message={t.scaleMismatch(values.length, total)} />}
      <div className="admin-actions">
        <Button variant="secondary" size="sm" onClick={() => setValues([...values, values[values.length - 1] ?? '0'])} disabled={values.length > 200}>
          {t.addRow}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setValues(values.slice(0, -1))} disabled={values.length <= 2}>
          {t.removeRow}
        </Button>
        <Button onClick={() => valid && save.mutate({ secondaryBall: Object.fromEntries(parsed.map((secondary, primary) => [String(primary), secondary])) })} disabled={!valid} loading={save.isPending}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </>
  );
}
