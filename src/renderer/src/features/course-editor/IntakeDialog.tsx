import { applyNewIntake, previewNewIntake } from '@shared/contract/course-editor';
import { moscowDateKey } from '@shared/domain/moscow-time';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, ErrorBox, Popup, TextField } from '../../ui';
import { useEdit } from './use-edit';

const t = ruCourseEditor.intake;

/** «Новый поток» (admins): a start date, the preview of the first changes, then one transaction. */
export function IntakeDialog({ onClose }: { onClose: () => void }) {
  const [startDate, setStartDate] = useState(() => moscowDateKey(Date.now()));
  const preview = useMutation({ mutationFn: (date: string) => liveRequest(previewNewIntake, { startDate: date }) });
  const apply = useEdit((input: { startDate: string; shiftDays: number }) => liveRequest(applyNewIntake, input), {
    inlineErrors: true,
    done: (output) => t.applied(output.changed),
    onSuccess: onClose,
  });
  const shown = preview.data && preview.variables === startDate ? preview.data : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (startDate !== '') preview.mutate(startDate);
  };
  const error = preview.isError ? preview.error : apply.isError ? apply.error : null;
  return (
    <Popup
      open
      onClose={onClose}
      title={t.title}
      size="md"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button disabled={!shown || shown.total === 0} loading={apply.isPending} onClick={() => shown && apply.mutate({ startDate, shiftDays: shown.shiftDays })}>
            {t.apply}
          </Button>
        </>
      }
    >
      <form className="ce-form" onSubmit={submit}>
        <p className="ce-muted">{t.lead}</p>
        <div className="ce-row">
          <TextField label={t.startDate} type="date" value={startDate} onChange={setStartDate} required />
          <Button type="submit" variant="secondary" loading={preview.isPending} disabled={startDate === ''}>
            {t.show}
          </Button>
        </div>
      </form>
      {error && <ErrorBox message={liveErrorText(error)} />}
      {shown && (
        <div className="ce-intake" role="status">
          <p>
            <strong>{t.shift(shown.shiftDays)}</strong> · {t.total(shown.total)}
          </p>
          {shown.first.length > 0 && (
            <div className="ce-table-wrap">
              <table className="ce-table">
                <caption className="visually-hidden">{t.first}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.what}</th>
                    <th scope="col">{t.before}</th>
                    <th scope="col">{t.after}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.first.map((change, index) => (
                    <tr key={index}>
                      <td>{change.what}</td>
                      <td>{change.before}</td>
                      <td>{change.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Popup>
  );
}
