import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStandard, type Standard } from '@shared/contract/standards';
import { isWebLink, STANDARD_LIMITS as L } from '@shared/domain/standards';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ruStandards } from '../../i18n/standards';
import { api } from '../../lib/api';
import { Button, ErrorBox, Popup, TextField, useNotify } from '../../ui';
import { IsolatedHtmlFrame } from './IsolatedHtmlFrame';
import { STANDARDS_KEY, useProcesses } from './queries';

const t = ruStandards;
const PREVIEW_DELAY_MS = 300;

interface Draft {
  name: string;
  process: string;
  link: string;
  htmlDescription: string;
}

function errorsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (draft.name.trim() === '') errors.name = t.required;
  if (draft.process.trim() === '') errors.process = t.required;
  if (!isWebLink(draft.link.trim())) errors.link = t.badLink;
  return errors;
}

/** Create (standard null) or edit a standard; the preview shows the HTML in the same isolated frame. */
export function StandardEditPopup({ standard, onClose, onSaved }: { standard: Standard | null; onClose: () => void; onSaved: (id: number) => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const processes = useProcesses();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    name: standard?.name ?? '',
    process: standard?.process ?? '',
    link: standard?.link ?? '',
    htmlDescription: standard?.htmlDescription ?? '',
  });
  const [touched, setTouched] = useState(false);
  // The preview reloads its frame: follow the typing after a pause, not on every key.
  const [previewHtml, setPreviewHtml] = useState(draft.htmlDescription);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewHtml(draft.htmlDescription), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.htmlDescription]);
  const errors = touched ? errorsOf(draft) : {};
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: () =>
      api.call(
        setStandard,
        standard
          ? { action: 'update', standardId: standard.id, standard: { ...draft, updatedAt: standard.updatedAt } }
          : { action: 'create', standard: draft },
        { handleErrors: true },
      ),
    onSuccess: async ({ standardId }) => {
      notify(t.saved, { tone: 'success' });
      onClose();
      onSaved(standardId);
      await queryClient.invalidateQueries({ queryKey: STANDARDS_KEY });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errorsOf(draft)).length === 0 && !save.isPending) save.mutate();
  };
  const managed = (processes.data?.processes ?? []).filter((item) => item.accessType === 'Менеджер');

  return (
    <Popup
      open
      onClose={onClose}
      title={standard ? t.editTitle(standard.id) : t.createTitle}
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" form={`${id}-form`} loading={save.isPending} disabled={save.isPending}>
            {standard ? t.save : t.createSubmit}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="standards-form" onSubmit={submit} noValidate>
        <TextField label={t.name} value={draft.name} onChange={set('name')} maxLength={L.name} error={errors.name} required />
        <TextField label={t.processField} value={draft.process} onChange={set('process')} maxLength={L.process} list={`${id}-processes`} hint={t.processHint} error={errors.process} required />
        <datalist id={`${id}-processes`}>
          {managed.map((item) => (
            <option key={item.process} value={item.process} />
          ))}
        </datalist>
        <TextField label={t.linkField} value={draft.link} onChange={set('link')} maxLength={L.link} type="url" inputMode="url" hint={t.linkHint} error={errors.link} />
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-html`}>
            {t.htmlField}
          </label>
          <textarea
            id={`${id}-html`}
            className="ui-input standards-form__textarea standards-form__html"
            rows={8}
            value={draft.htmlDescription}
            maxLength={L.htmlDescription}
            spellCheck={false}
            aria-describedby={`${id}-html-hint`}
            onChange={(event) => set('htmlDescription')(event.target.value)}
          />
          <p id={`${id}-html-hint`} className="ui-field__hint">
            {t.htmlHint}
          </p>
        </div>
        {previewHtml.trim() !== '' && (
          <div className="standards-form__preview">
            <p className="ui-field__label">{t.preview}</p>
            <IsolatedHtmlFrame html={previewHtml} title={t.preview} />
          </div>
        )}
        {standard && <p className="muted small">{t.changeWarning}</p>}
        {save.isError && <ErrorBox message={save.error.message} />}
      </form>
    </Popup>
  );
}
