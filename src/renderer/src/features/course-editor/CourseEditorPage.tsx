import { useQuery } from '@tanstack/react-query';
import { createChapter, createLesson, deleteChapter, type EditorChapter, renameChapter } from '@shared/contract/course-editor';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, EmptyState, ErrorBox, Loader, Popup, QueryState, TextField } from '../../ui';
import { courseEditorQueries } from './api';
import { ChapterList } from './ChapterList';
import { DeleteConfirm } from './DeleteConfirm';
import { IntakeDialog } from './IntakeDialog';
import { PackagesCard } from './PackagesCard';
import { PreviewPopup } from './PreviewPopup';
import { FormActions } from './FormActions';
import { useEdit } from './use-edit';
import './course-editor.css';

const t = ruCourseEditor.page;
const c = ruCourseEditor.chapter;
const n = ruCourseEditor.createLesson;

type Open =
  | { kind: 'createChapter' }
  | { kind: 'rename'; chapter: EditorChapter }
  | { kind: 'delete'; chapter: EditorChapter }
  | { kind: 'addLesson'; chapter: EditorChapter }
  | { kind: 'preview' }
  | { kind: 'intake' }
  | null;

/** «Курс» (route curator/course): the course's chapters and lessons, previews, new intake, packages. */
export function CourseEditorPage() {
  const course = useQuery(courseEditorQueries.course());
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const admin = course.data?.canManagePackages === '1';

  return (
    <section className="screen course-editor" aria-labelledby="course-editor-title">
      <div className="ce-head">
        <div className="ce-head__text">
          <h1 id="course-editor-title">{t.title}</h1>
          <p className="ce-muted">{t.lead}</p>
        </div>
        <div className="ce-head__actions">
          <Button onClick={() => setOpen({ kind: 'createChapter' })}>{t.addChapter}</Button>
          <Button variant="secondary" onClick={() => setOpen({ kind: 'preview' })}>
            {t.preview}
          </Button>
          {admin && (
            <Button variant="secondary" onClick={() => setOpen({ kind: 'intake' })}>
              {t.intake}
            </Button>
          )}
        </div>
      </div>
      <QueryState query={course} errorText={(error) => t.error(liveErrorText(error))} retryLabel={t.retry} loading={<Loader label={t.loading} />}>
        {(data) =>
          data.chapters.length === 0 ? (
            <EmptyState text={t.empty} action={<Button onClick={() => setOpen({ kind: 'createChapter' })}>{t.addChapter}</Button>} />
          ) : (
            <>
              <p className="ce-muted ce-hint">{t.reorderHint}</p>
              <ChapterList
                chapters={data.chapters}
                onRename={(chapter) => setOpen({ kind: 'rename', chapter })}
                onDelete={(chapter) => setOpen({ kind: 'delete', chapter })}
                onAddLesson={(chapter) => setOpen({ kind: 'addLesson', chapter })}
              />
            </>
          )
        }
      </QueryState>
      {admin && <PackagesCard />}
      {(open?.kind === 'createChapter' || open?.kind === 'rename') && <ChapterNameDialog chapter={open.kind === 'rename' ? open.chapter : null} onClose={close} />}
      {open?.kind === 'delete' && (
        <DeleteConfirm
          title={c.deleteTitle(open.chapter.name)}
          text={c.deleteText}
          confirmLabel={c.delete}
          done={c.deleted}
          remove={() => liveRequest(deleteChapter, { id: open.chapter.id })}
          onClose={close}
        />
      )}
      {open?.kind === 'addLesson' && <CreateLessonDialog chapter={open.chapter} nextNumber={course.data?.nextLessonNumber ?? 1} onClose={close} />}
      {open?.kind === 'preview' && <PreviewPopup onClose={close} />}
      {open?.kind === 'intake' && <IntakeDialog onClose={close} />}
    </section>
  );
}

/** «Новый раздел» / «Переименование раздела». */
function ChapterNameDialog({ chapter, onClose }: { chapter: EditorChapter | null; onClose: () => void }) {
  const [name, setName] = useState(chapter?.name ?? '');
  const [touched, setTouched] = useState(false);
  const save = useEdit(
    async (value: string): Promise<void> => {
      if (chapter) await liveRequest(renameChapter, { id: chapter.id, name: value });
      else await liveRequest(createChapter, { name: value });
    },
    { inlineErrors: true, onSuccess: onClose },
  );
  const empty = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!empty) save.mutate(name.trim());
  };
  return (
    <Popup open onClose={onClose} title={chapter ? c.renameTitle : c.createTitle} size="sm">
      <form className="ce-form" onSubmit={submit}>
        <TextField label={c.name} value={name} onChange={setName} autoFocus maxLength={200} error={touched && empty ? c.nameRequired : undefined} />
        {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
        <FormActions cancelLabel={c.cancel} submitLabel={chapter ? c.save : c.create} busy={save.isPending} onCancel={onClose} />
      </form>
    </Popup>
  );
}

/** «Новый урок»: a draft at the end of the chapter; its editor opens next. */
function CreateLessonDialog({ chapter, nextNumber, onClose }: { chapter: EditorChapter; nextNumber: number; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [number, setNumber] = useState(String(nextNumber));
  const [touched, setTouched] = useState(false);
  const create = useEdit(
    (input: { shortName: string; number: string }) =>
      liveRequest(createLesson, { ...input, chapterId: chapter.id, opensAt: null, demoAccess: '0', description: '', materials: [] }),
    { inlineErrors: true, onSuccess: (created) => void navigate(`/curator/course/${created.number}`) },
  );
  const empty = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!empty) create.mutate({ shortName: name.trim(), number: number.trim() });
  };
  return (
    <Popup open onClose={onClose} title={`${n.title} · ${chapter.name}`} size="sm">
      <form className="ce-form" onSubmit={submit}>
        <TextField label={n.name} value={name} onChange={setName} autoFocus maxLength={200} error={touched && empty ? n.nameRequired : undefined} />
        <TextField label={n.number} value={number} onChange={setNumber} inputMode="numeric" hint={n.numberHint} />
        {create.isError && <ErrorBox message={liveErrorText(create.error)} />}
        <FormActions cancelLabel={n.cancel} submitLabel={n.create} busy={create.isPending} onCancel={onClose} />
      </form>
    </Popup>
  );
}
