import { deleteHomework, type EditorHomework } from '@shared/contract/course-editor';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveRequest } from '../../lib/live-request';
import { Button, Card } from '../../ui';
import { HomeworkDialog } from './HomeworkDialog';
import { DeleteConfirm } from './DeleteConfirm';

const t = ruCourseEditor.homework;

/** The lesson's homework: a row each with its settings and parts, and the dialog that edits one. */
export function HomeworkSection({ lessonNum, homeworks }: { lessonNum: number; homeworks: EditorHomework[] }) {
  // 'new' while creating; a number once the homework exists (the dialog stays open on it).
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const editing = typeof open === 'number' ? (homeworks.find((homework) => homework.num === open) ?? null) : null;
  return (
    <Card
      title={t.title}
      className="ce-section"
      actions={
        <Button size="sm" onClick={() => setOpen('new')}>
          {t.add}
        </Button>
      }
    >
      {homeworks.length === 0 ? (
        <p className="ce-muted">{t.empty}</p>
      ) : (
        <ul className="ce-list">
          {homeworks.map((homework) => (
            <li key={homework.num} className="ce-list__row">
              <span className="ce-list__main">
                <span className="ce-list__title">
                  {t.name(homework.num)}
                  {homework.isProbnik === '1' && <span className="ce-badge ce-badge--note">{t.probnik}</span>}
                </span>
                <span className="ce-list__meta">
                  {homework.deadlineAt === null ? t.noDeadline : t.deadline(formatMoscowDateTime(homework.deadlineAt))} ·{' '}
                  {t.summary(homework.main.p1.length, homework.main.p2.length, homework.dop.p1.length, homework.dop.p2.length)}
                </span>
                {(homework.answeredBy > 0 || homework.inProgress > 0) && (
                  <span className="ce-list__meta ce-warn-text">
                    {[homework.answeredBy > 0 && t.answered(homework.answeredBy), homework.inProgress > 0 && t.inProgress(homework.inProgress)].filter(Boolean).join(' · ')}
                  </span>
                )}
              </span>
              <span className="ce-list__actions">
                <Button size="sm" variant="secondary" onClick={() => setOpen(homework.num)} aria-label={`${t.edit}: ${t.name(homework.num)}`}>
                  {t.edit}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(homework.num)} aria-label={`${t.delete}: ${t.name(homework.num)}`}>
                  {t.delete}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {open !== null && (open === 'new' || editing) && (
        <HomeworkDialog key={String(open)} lessonNum={lessonNum} homework={editing} onCreated={(num) => setOpen(num)} onClose={() => setOpen(null)} />
      )}
      {deleting !== null && (
        <DeleteConfirm
          title={t.deleteTitle(deleting)}
          text={t.deleteText}
          confirmLabel={t.delete}
          done={t.deleted}
          remove={() => liveRequest(deleteHomework, { num: deleting })}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
