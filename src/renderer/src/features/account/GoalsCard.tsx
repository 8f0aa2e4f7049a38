import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { GOAL_BUDZHET, goalsProblem, type GoalBudzhet, setGoals, STUDENT_OSOB_MAX, GOAL_VUZ_MAX, type UserInfo } from '@shared/contract/account';
import { ruAccount } from '../../i18n/account';
import { api } from '../../lib/api';
import { userInfoQuery } from '../../lib/use-user-info';
import { Button, Card, Popup, Select, SendButton, TextField } from '../../ui';
import { failureText } from './errors';
import { orDash } from './format';
import { ExamForecast } from './ExamForecast';
import { InfoList } from './InfoList';
import { isOneOf } from '@shared/guards';

const t = ruAccount.goals;

function budzhetOf(value: string): GoalBudzhet {
  return isOneOf(GOAL_BUDZHET, value) ? value : '0';
}

/** Staff have no exam to forecast. */
const isStudent = (type: string) => type !== 'Админ' && type !== 'Куратор';

/** 'Мои цели' (shell §2.7, §3.10) with the edit popup. */
export function GoalsCard({ info }: { info: UserInfo | undefined }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card
      title={t.title}
      className="account-card"
      data-testid="goals"
      actions={
        info && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="goals-edit">
            {t.edit}
          </Button>
        )
      }
    >
      <InfoList
        items={[
          { label: t.ballov, value: info ? orDash(info.user_goal_ball) : ruAccount.dash, testId: 'goal-ballov' },
          { label: t.goalVuz, value: info ? orDash(info.user_goal_vuz) : ruAccount.dash, testId: 'goal-vuz' },
          { label: t.goalBudzhet, value: info ? t.budzhet[budzhetOf(info.goal_budzhet)] : ruAccount.dash },
          { label: t.studentOsob, value: info ? <span className="account-prewrap">{orDash(info.user_osobennosti)}</span> : ruAccount.dash },
        ]}
      />
      {info && isStudent(info.user_type) && <ExamForecast goal={info.user_goal_ball} />}
      {info && editing && <GoalsPopup info={info} onClose={() => setEditing(false)} />}
    </Card>
  );
}

function GoalsPopup({ info, onClose }: { info: UserInfo; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [ballov, setBallov] = useState(info.user_goal_ball);
  const [goalVuz, setGoalVuz] = useState(info.user_goal_vuz);
  const [goalBudzhet, setGoalBudzhet] = useState<GoalBudzhet>(budzhetOf(info.goal_budzhet));
  const [studentOsob, setStudentOsob] = useState(info.user_osobennosti);
  const [error, setError] = useState('');
  const osobId = useId();

  const save = async () => {
    setError('');
    const goals = { ballov, goalBudzhet, goalVuz, studentOsob };
    const problem = goalsProblem(goals);
    if (problem) {
      setError(problem);
      throw new Error(problem);
    }
    try {
      await api.call(setGoals, goals, { handleErrors: true });
    } catch (caught) {
      setError(failureText(caught, ruAccount.errors.goals) ?? '');
      throw caught;
    }
    await queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
    // Let the 'sent' state show its 2 s before the popup goes.
    setTimeout(onClose, 2000);
  };

  return (
    <Popup open title={t.popupTitle} onClose={onClose}>
      <form className="form" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField
          label={t.ballov}
          name="ballov"
          inputMode="numeric"
          value={ballov}
          onChange={(value) => setBallov(value.replace(/\D/g, '').slice(0, 3))}
        />
        <TextField label={t.goalVuz} name="goalVuz" value={goalVuz} maxLength={GOAL_VUZ_MAX} onChange={setGoalVuz} />
        <Select
          label={t.goalBudzhet}
          value={goalBudzhet}
          options={GOAL_BUDZHET.map((value) => ({ value, label: t.budzhet[value] }))}
          onChange={setGoalBudzhet}
        />
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={osobId}>
            {t.studentOsob}
          </label>
          <textarea
            id={osobId}
            name="studentOsob"
            className="ui-input account-textarea"
            rows={4}
            maxLength={STUDENT_OSOB_MAX}
            value={studentOsob}
            aria-describedby={`${osobId}-hint`}
            onChange={(event) => setStudentOsob(event.target.value)}
          />
          <p id={`${osobId}-hint`} className="ui-field__hint">
            {t.studentOsobHint}
          </p>
        </div>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <div>
          <SendButton type="submit" onClick={save} label={t.save} sentLabel={t.saved} />
        </div>
      </form>
    </Popup>
  );
}
