import { COURSE_LIMITS, type EditorChapter, type getEditorLesson, type LessonMaterial, updateLesson } from '@shared/contract/course-editor';
import type { InputOf, OutputOf } from '@shared/contract/core';
import { type FormEvent, useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, Card, ErrorBox, IconClose, Select, Switch, TextArea, TextField } from '../../ui';
import { instantOf, type OptionalTime, OptionalTimeField, optionalTimeOf } from './OptionalTime';
import { useEdit } from './use-edit';

const t = ruCourseEditor.lesson;

type EditorLesson = OutputOf<typeof getEditorLesson>['lesson'];

interface Form {
  shortName: string;
  number: string;
  chapterId: number;
  opensAt: OptionalTime;
  demoAccess: boolean;
  description: string;
  materials: LessonMaterial[];
}

const MATERIAL_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/;

/** The lesson's own fields: name, number, chapter, opening, demo access, description, materials. */
export function LessonForm({ lesson, chapters, onRenumbered }: { lesson: EditorLesson; chapters: readonly EditorChapter[]; onRenumbered: (number: number) => void }) {
  const [form, setForm] = useState<Form>(() => ({
    shortName: lesson.shortName,
    number: String(lesson.number),
    chapterId: lesson.chapterId,
    opensAt: optionalTimeOf(lesson.opensAt),
    demoAccess: lesson.demoAccess === '1',
    description: lesson.description,
    materials: lesson.materials,
  }));
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((old) => ({ ...old, [key]: value }));
  const save = useEdit((input: InputOf<typeof updateLesson>) => liveRequest(updateLesson, input), {
    inlineErrors: true,
    done: t.saved,
    onSuccess: () => {
      const next = Number(form.number);
      if (next !== lesson.number) onRenumbered(next);
    },
  });

  const opensAt = instantOf(form.opensAt);
  const materials = form.materials.map((material) => ({ title: material.title.trim(), url: material.url.trim() }));
  const errors = {
    shortName: form.shortName.trim() === '' ? t.nameRequired : undefined,
    opensAt: opensAt === undefined ? t.badOpensAt : undefined,
    materials: materials.some((material) => material.title === '' || !MATERIAL_URL.test(material.url)) ? t.badMaterial : undefined,
  };
  const shown: Partial<typeof errors> = touched ? errors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.shortName || errors.materials || opensAt === undefined) return;
    save.mutate({
      number: form.number.trim(),
      shortName: form.shortName.trim(),
      chapterId: form.chapterId,
      opensAt,
      demoAccess: form.demoAccess ? '1' : '0',
      description: form.description,
      materials,
    });
  };
  const setMaterial = (index: number, patch: Partial<LessonMaterial>) =>
    set(
      'materials',
      form.materials.map((material, i) => (i === index ? { ...material, ...patch } : material)),
    );

  return (
    <Card title={t.main} className="ce-lesson-form">
      <form className="ce-form" onSubmit={submit} noValidate>
        <div className="ce-row ce-row--grow">
          <TextField label={t.name} value={form.shortName} onChange={(value) => set('shortName', value)} maxLength={COURSE_LIMITS.lessonName} error={shown.shortName} />
          <TextField label={t.number} value={form.number} onChange={(value) => set('number', value)} inputMode="numeric" className="ce-narrow" />
        </div>
        <Select label={t.chapter} options={chapters.map((chapter) => ({ value: chapter.id, label: chapter.name }))} value={form.chapterId} onChange={(value) => set('chapterId', value)} />
        <OptionalTimeField value={form.opensAt} onChange={(value) => set('opensAt', value)} check={t.openAtOnce} label={t.opensAt} inverted error={shown.opensAt} />
        <Switch checked={form.demoAccess} onChange={(value) => set('demoAccess', value)} label={t.demoAccess} />
        <TextArea label={t.description} value={form.description} onChange={(value) => set('description', value)} rows={5} maxLength={COURSE_LIMITS.description} hint={t.descriptionHint} />
        <fieldset className="ce-fieldset">
          <legend>{t.materials}</legend>
          {form.materials.length === 0 && <p className="ce-muted">{t.materialsEmpty}</p>}
          <ol className="ce-materials">
            {form.materials.map((material, index) => (
              <li key={index} className="ce-material">
                <TextField label={t.materialTitle} value={material.title} onChange={(title) => setMaterial(index, { title })} maxLength={COURSE_LIMITS.materialTitle} />
                <TextField label={t.materialUrl} value={material.url} onChange={(url) => setMaterial(index, { url })} maxLength={COURSE_LIMITS.materialUrl} inputMode="url" />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t.removeMaterial(index + 1)}
                  title={t.removeMaterial(index + 1)}
                  icon={<IconClose size={16} />}
                  onClick={() =>
                    set(
                      'materials',
                      form.materials.filter((_, i) => i !== index),
                    )
                  }
                />
              </li>
            ))}
          </ol>
          {shown.materials && <p className="ui-field__error">{shown.materials}</p>}
          {form.materials.length < COURSE_LIMITS.materials && (
            <Button type="button" variant="secondary" size="sm" onClick={() => set('materials', [...form.materials, { title: '', url: '' }])}>
              {t.addMaterial}
            </Button>
          )}
        </fieldset>
        {save.isError && <ErrorBox message={liveErrorText(save.error)} />}
        <div className="ce-form__actions">
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
