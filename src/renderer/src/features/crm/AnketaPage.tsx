import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getUser, updateUser, type UserSet } from '@shared/contract/crm';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ruCrm } from '../../i18n/crm';
import { api } from '../../lib/api';
import { Button, ErrorBox, QueryState, Select, TextField } from '../../ui';
import { CrmComments } from './CrmComments';
import { StudentLearningBlock } from './StudentLearningBlock';
import { BLOCKS, changedFields, type EditableField, formValuesOf, type FormValues } from './profile-form';
import { crmQueries } from './api';
import './crm.css';
import { fieldOf } from '@shared/guards';
import { isStaffType } from '@shared/domain/user-types';

const t = ruCrm.card;
type Loaded = Awaited<ReturnType<typeof api.call<typeof getUser>>>;

const DATE_FIELDS: EditableField[] = ['userBdate', 'userStartCourseDate'];

/** Back-office §2.6 'Анкета' (route users/:id): profile blocks editable with canEdit '1', CRM thread. */
export function AnketaPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = fieldOf(location.state, 'fromList') === true;
  const queryClient = useQueryClient();
  const card = useQuery(crmQueries.user(id));

  // §8: a load failure shows the message, then returns to the users list after 3 seconds.
  useEffect(() => {
    if (!card.isError) return;
    const timer = setTimeout(() => void navigate('/curator/users'), 3000);
    return () => clearTimeout(timer);
  }, [card.isError, navigate]);

  const back = () => (fromList ? void navigate(-1) : void navigate('/curator/users'));

  return (
    <section className="screen crm" aria-labelledby="crm-card-title">
      <button type="button" className="crm__back" onClick={back}>
        {t.back}
      </button>
      <h1 id="crm-card-title">{t.title}</h1>
      <QueryState query={card} errorText={(error) => t.loadError(error.message)} retry={false}>
        {(data) => (
          <>
            <CardSummary user={data.user} />
            {/* Whose card it is comes first, then how the student is doing, then the profile. */}
            {!isStaffType(data.user.userType) && <StudentLearningBlock userKey={data.user.userVkId} />}
            <ProfileForm
              data={data}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: crmQueries.user(id).queryKey })}
            />
            <CrmComments userKey={data.user.userVkId} />
          </>
        )}
      </QueryState>
      <p className="crm__muted">
        <Link to="/curator/users">{ruCrm.users.title}</Link>
      </p>
    </section>
  );
}

function CardSummary({ user }: { user: Loaded['user'] }) {
  return (
    <div className="crm__summary">
      <strong data-testid="card-name">
        {user.userSurname} {user.userName} {user.userOtch}
      </strong>
      <span>{user.userType}</span>
      {user.userTgNickname && <span>@{user.userTgNickname}</span>}
      <span>
        {t.balance}: {Number(user.bnBalance).toLocaleString('ru-RU')} ₽
      </span>
    </div>
  );
}

function ProfileForm({ data, onSaved }: { data: Loaded; onSaved: () => void }) {
  const original = useMemo(() => formValuesOf(data.user), [data.user]);
  const [values, setValues] = useState<FormValues>(original);
  const [notice, setNotice] = useState('');
  useEffect(() => setValues(original), [original]);
  const canEdit = data.user.canEdit === '1';
  const changes = changedFields(original, values);
  const save = useMutation({
    mutationFn: () => api.call(updateUser, { userVkId: data.user.userVkId, userSet: changes as UserSet }),
    onSuccess: () => {
      setNotice(t.saved);
      onSaved();
    },
  });
  const set = (field: EditableField) => (value: string) => {
    setNotice('');
    setValues((old) => ({ ...old, [field]: value }));
  };
  const curatorOptions = [{ value: '', label: t.none }, ...data.curators.map((row) => ({ value: row.userVkId, label: `${row.userSurname} ${row.userName}` }))];
  const selects: Partial<Record<EditableField, Array<{ value: string; label: string }>>> = {
    userRegion: [{ value: '', label: t.none }, ...data.regions.map((region) => ({ value: region.regionNumber, label: `${region.regionNumber} ${region.regionName}` }))],
    userType: data.userTypes.map((type) => ({ value: type, label: type })),
    userBlocked: Object.entries(t.yesNo).map(([value, label]) => ({ value, label })),
    userTarifNum: [{ value: '', label: t.none }, ...data.tarifs.map((tarif) => ({ value: tarif.tarifNumber, label: tarif.tarifName }))],
    userZachet: Object.entries(t.zachet).map(([value, label]) => ({ value, label })),
    withMistakeWork: Object.entries(t.yesNo).map(([value, label]) => ({ value, label })),
    userCurator: curatorOptions,
    userCuratorDz: curatorOptions,
    userCuratorZach: curatorOptions,
    userGoalBudzhet: Object.entries(t.budzhet).map(([value, label]) => ({ value, label })),
  };

  const field = (name: EditableField) => {
    const label = t.fields[name];
    const options = selects[name];
    if (options) return <Select key={name} label={label} value={values[name]} onChange={set(name)} options={options} disabled={!canEdit} name={name} />;
    if (name === 'userOsobennosti') {
      return (
        <div key={name} className="ui-field crm__wide">
          <label className="ui-field__label" htmlFor="crm-osobennosti">
            {label}
          </label>
          <textarea id="crm-osobennosti" className="ui-input crm__textarea" rows={3} value={values[name]} onChange={(event) => set(name)(event.target.value)} disabled={!canEdit} maxLength={5000} />
        </div>
      );
    }
    return (
      <TextField
        key={name}
        label={label}
        value={values[name]}
        onChange={set(name)}
        disabled={!canEdit}
        name={name}
        type={DATE_FIELDS.includes(name) ? 'date' : 'text'}
        inputMode={['userClassNumber', 'userTarif', 'userPayday', 'userGoalBall'].includes(name) ? 'numeric' : undefined}
        hint={name === 'userPayday' ? t.paydayHint : undefined}
      />
    );
  };

  return (
    <form
      className="crm__profile"
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(changes).length === 0) setNotice(t.noChanges);
        else save.mutate();
      }}
    >
      {!canEdit && <p className="crm__muted">{t.readOnly}</p>}
      {(['personal', 'course', 'goals'] as const).map((block) => (
        <fieldset key={block} className="crm__block crm__fields">
          <legend>{t[block]}</legend>
          {BLOCKS[block].map(field)}
        </fieldset>
      ))}
      {canEdit && (
        <div className="crm__actions">
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
          {notice && <span role="status" className="crm__notice">{notice}</span>}
        </div>
      )}
      {save.isError && <ErrorBox message={save.error.message} />}
    </form>
  );
}
