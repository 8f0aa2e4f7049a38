import { useQueryClient } from '@tanstack/react-query';
import { type EditorChapter, type EditorLessonSummary, reorderChapters, reorderLessons, setLessonPublished } from '@shared/contract/course-editor';
import { formatMoscowDateTime } from '@shared/domain/moscow-time';
import { type DragEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveRequest } from '../../lib/live-request';
import { Button, cx, Switch } from '../../ui';
import { courseEditorQueries } from './api';
import { lessonDrop, moveBy, moveTo, withChapterOrder, withLessonOrder } from './order';
import { useEdit } from './use-edit';

const c = ruCourseEditor.chapter;
const r = ruCourseEditor.lessonRow;

/** What is being dragged: a chapter or a lesson (lessons may change chapter). */
type Dragged = { kind: 'chapter'; id: number } | { kind: 'lesson'; number: number };

export interface ChapterListProps {
  chapters: EditorChapter[];
  onRename: (chapter: EditorChapter) => void;
  onDelete: (chapter: EditorChapter) => void;
  onAddLesson: (chapter: EditorChapter) => void;
}

/**
 * The chapters with their lessons. Order changes by drag, by «Выше»/«Ниже» or by Alt+↑/↓ on a
 * row; each sends the full new order and shows it at once (the refresh after it is the truth).
 */
export function ChapterList({ chapters, onRename, onDelete, onAddLesson }: ChapterListProps) {
  const queryClient = useQueryClient();
  const [dragged, setDraggedState] = useState<Dragged | null>(null);
  // The handlers read the ref: dragover and drop may come before React re-renders after dragstart
  // (a fast drag on a busy machine), and a closure would still see no drag.
  const draggedRef = useRef<Dragged | null>(null);
  const setDragged = (item: Dragged | null) => {
    draggedRef.current = item;
    setDraggedState(item);
  };
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const courseKey = courseEditorQueries.course().queryKey;
  const show = (next: EditorChapter[]) => queryClient.setQueryData(courseKey, (old) => (old ? { ...old, chapters: next } : old));

  const chapterOrder = useEdit((ids: number[]) => liveRequest(reorderChapters, { ids }));
  const lessonOrder = useEdit((input: { chapterId: number; numbers: number[] }) => liveRequest(reorderLessons, input));
  const publish = useEdit((input: { number: number; isPublished: '0' | '1' }) => liveRequest(setLessonPublished, input));
  const sendPublished = (number: number, on: boolean) => {
    const isPublished = on ? '1' : '0';
    show(chapters.map((chapter) => ({ ...chapter, lessons: chapter.lessons.map((lesson) => (lesson.number === number ? { ...lesson, isPublished } : lesson)) })));
    publish.mutate({ number, isPublished });
  };

  const sendChapters = (ids: number[]) => {
    show(withChapterOrder(chapters, ids));
    chapterOrder.mutate(ids);
  };
  const sendLessons = (chapterId: number, numbers: number[]) => {
    show(withLessonOrder(chapters, chapterId, numbers));
    lessonOrder.mutate({ chapterId, numbers });
  };
  const moveChapter = (chapter: EditorChapter, delta: number) => {
    const ids = moveBy(
      chapters.map((item) => item.id),
      chapter.id,
      delta,
    );
    if (ids) sendChapters(ids);
  };
  const moveLesson = (chapter: EditorChapter, lesson: EditorLessonSummary, delta: number) => {
    const numbers = moveBy(
      chapter.lessons.map((item) => item.number),
      lesson.number,
      delta,
    );
    if (numbers) sendLessons(chapter.id, numbers);
  };

  const dropOnChapter = (target: EditorChapter, beforeLesson: number | null) => {
    const moving = draggedRef.current;
    if (!moving) return;
    if (moving.kind === 'chapter') {
      const ids = chapters.map((item) => item.id);
      if (moving.id !== target.id) sendChapters(moveTo(ids, moving.id, ids.indexOf(target.id)));
    } else if (beforeLesson !== moving.number) {
      sendLessons(target.id, lessonDrop(target, moving.number, beforeLesson));
    }
    setDragged(null);
    setDropTarget(null);
  };
  const dragProps = (item: Dragged, targetKey: string, onDrop: () => void) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with some data set.
      event.dataTransfer.setData('text/plain', item.kind === 'chapter' ? `chapter:${item.id}` : `lesson:${item.number}`);
      setDragged(item);
    },
    onDragEnd: () => {
      setDragged(null);
      setDropTarget(null);
    },
    onDragOver: (event: DragEvent) => {
      const moving = draggedRef.current;
      if (!moving || (moving.kind === 'chapter') !== (item.kind === 'chapter')) return;
      event.preventDefault();
      event.stopPropagation();
      setDropTarget(targetKey);
    },
    onDrop: (event: DragEvent) => {
      const moving = draggedRef.current;
      if (!moving || (moving.kind === 'chapter') !== (item.kind === 'chapter')) return;
      event.preventDefault();
      event.stopPropagation();
      onDrop();
    },
  });

  return (
    <ol className="ce-chapters">
      {chapters.map((chapter, index) => (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Alt+arrows from the buttons inside (bubbling) move the chapter
        <li
          key={chapter.id}
          className={cx('ce-chapter', dragged?.kind === 'chapter' && dragged.id === chapter.id && 'ce-dragging', dropTarget === `c${chapter.id}` && 'ce-drop')}
          {...dragProps({ kind: 'chapter', id: chapter.id }, `c${chapter.id}`, () => dropOnChapter(chapter, null))}
          onKeyDown={(event) => altArrows(event, (delta) => moveChapter(chapter, delta))}
          aria-label={chapter.name}
        >
          <header className="ce-chapter__head">
            <Grip label={c.drag(chapter.name)} />
            <h2 className="ce-chapter__name">{chapter.name}</h2>
            <span className="ce-muted">{c.lessons(chapter.lessons.length)}</span>
            <span className="ce-chapter__actions">
              <MoveButtons
                upLabel={c.moveUp(chapter.name)}
                downLabel={c.moveDown(chapter.name)}
                canUp={index > 0}
                canDown={index < chapters.length - 1}
                onMove={(delta) => moveChapter(chapter, delta)}
              />
              <Button size="sm" variant="ghost" onClick={() => onRename(chapter)}>
                {c.rename}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDelete(chapter)}>
                {c.delete}
              </Button>
            </span>
          </header>
          <ol
            className={cx('ce-lessons', dragged?.kind === 'lesson' && 'ce-lessons--target', dropTarget === `e${chapter.id}` && 'ce-drop')}
            onDragOver={(event) => {
              if (draggedRef.current?.kind !== 'lesson') return;
              event.preventDefault();
              event.stopPropagation();
              setDropTarget(`e${chapter.id}`);
            }}
            onDrop={(event) => {
              if (draggedRef.current?.kind !== 'lesson') return;
              event.preventDefault();
              event.stopPropagation();
              dropOnChapter(chapter, null);
            }}
          >
            {chapter.lessons.length === 0 && <li className="ce-muted ce-lessons__empty">{c.noLessons}</li>}
            {chapter.lessons.map((lesson, lessonIndex) => (
              <LessonRow
                key={lesson.number}
                lesson={lesson}
                dragging={dragged?.kind === 'lesson' && dragged.number === lesson.number}
                dropHere={dropTarget === `l${lesson.number}`}
                dragProps={dragProps({ kind: 'lesson', number: lesson.number }, `l${lesson.number}`, () => dropOnChapter(chapter, lesson.number))}
                moveButtons={
                  <MoveButtons
                    upLabel={r.moveUp(lesson.number)}
                    downLabel={r.moveDown(lesson.number)}
                    canUp={lessonIndex > 0}
                    canDown={lessonIndex < chapter.lessons.length - 1}
                    onMove={(delta) => moveLesson(chapter, lesson, delta)}
                  />
                }
                onMove={(delta) => moveLesson(chapter, lesson, delta)}
                onPublish={(on) => sendPublished(lesson.number, on)}
              />
            ))}
          </ol>
          <div className="ce-chapter__foot">
            <Button size="sm" variant="secondary" onClick={() => onAddLesson(chapter)}>
              {c.addLesson}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

interface LessonRowProps {
  lesson: EditorLessonSummary;
  dragging: boolean;
  dropHere: boolean;
  dragProps: object;
  moveButtons: ReactNode;
  onMove: (delta: number) => void;
  onPublish: (on: boolean) => void;
}

function LessonRow({ lesson, dragging, dropHere, dragProps, moveButtons, onMove, onPublish }: LessonRowProps) {
  const published = lesson.isPublished === '1';
  const credits = lesson.creditsAuto + lesson.creditsVerbal;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Alt+arrows from the buttons inside (bubbling) move the lesson
    <li
      className={cx('ce-lesson', dragging && 'ce-dragging', dropHere && 'ce-drop')}
      data-lesson={lesson.number}
      {...dragProps}
      onKeyDown={(event) => {
        event.stopPropagation();
        altArrows(event, onMove);
      }}
    >
      <Grip label={r.drag(lesson.number)} />
      <span className="ce-lesson__num">{r.number(lesson.number)}</span>
      <span className="ce-lesson__main">
        <Link className="ce-lesson__name" to={`/curator/course/${lesson.number}`}>
          {lesson.shortName}
        </Link>
        <span className="ce-lesson__meta">
          <span>{lesson.opensAt === null ? r.openAtOnce : r.opensAt(formatMoscowDateTime(lesson.opensAt))}</span>
          <span>{r.counts(lesson.homeworks, credits, lesson.videos)}</span>
          {lesson.demoAccess === '1' && <span>{r.demo}</span>}
          {lesson.answeredBy > 0 && <span className="ce-warn-text">{r.answered(lesson.answeredBy)}</span>}
        </span>
      </span>
      <span className={cx('ce-badge', 'ce-lesson__badge', published ? 'ce-badge--on' : 'ce-badge--draft')}>{published ? r.published : r.draft}</span>
      <Switch checked={published} onChange={onPublish} label={r.publish(lesson.number)} hideLabel className="ce-lesson__switch" />
      <span className="ce-lesson__moves">{moveButtons}</span>
    </li>
  );
}

/** Alt+↑/↓ on a focused row moves it one place. */
function altArrows(event: KeyboardEvent, onMove: (delta: number) => void) {
  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
  event.preventDefault();
  event.stopPropagation();
  onMove(event.key === 'ArrowUp' ? -1 : 1);
}

function MoveButtons({ upLabel, downLabel, canUp, canDown, onMove }: { upLabel: string; downLabel: string; canUp: boolean; canDown: boolean; onMove: (delta: number) => void }) {
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={upLabel} title={upLabel} aria-disabled={!canUp} onClick={() => canUp && onMove(-1)}>
        ↑ {c.up}
      </Button>
      <Button size="sm" variant="ghost" aria-label={downLabel} title={downLabel} aria-disabled={!canDown} onClick={() => canDown && onMove(1)}>
        ↓ {c.down}
      </Button>
    </>
  );
}

function Grip({ label }: { label: string }) {
  return (
    <span className="ce-grip" title={label} aria-hidden="true">
      <svg width="14" height="20" viewBox="0 0 14 20" fill="currentColor" focusable="false">
        <circle cx="4" cy="4" r="1.6" />
        <circle cx="10" cy="4" r="1.6" />
        <circle cx="4" cy="10" r="1.6" />
        <circle cx="10" cy="10" r="1.6" />
        <circle cx="4" cy="16" r="1.6" />
        <circle cx="10" cy="16" r="1.6" />
      </svg>
    </span>
  );
}
