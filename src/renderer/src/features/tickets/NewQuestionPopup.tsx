import { useMutation } from '@tanstack/react-query';
import { makeQuestion, TICKET_TYPES } from '@shared/contract/tickets';
import { useState } from 'react';
import { ruTickets } from '../../i18n/tickets';
import { api } from '../../lib/api';
import { Button, ErrorBox, Popup, Select, TextField } from '../../ui';

const t = ruTickets;

/** §5: lesson, task, type, importance, name and text must all be filled. */
export function NewQuestionPopup(props: {
  open: boolean;
  onClose: () => void;
  lessons: string[];
  tasks: Record<string, string[]>;
  defaultLesson: string;
  onCreated: (ticketId: string, lesson: string) => void;
}) {
  const [lesson, setLesson] = useState(props.defaultLesson);
  const [task, setTask] = useState('0');
  const [type, setType] = useState<(typeof TICKET_TYPES)[number]>('Общий');
  const [importance, setImportance] = useState('5');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const create = useMutation({
    mutationFn: () => api.call(makeQuestion, { lessonNum: Number(lesson), taskNum: Number(task), type, importance: Number(importance) as 5 | 10, name: name.trim(), text: text.trim() }),
    onSuccess: ({ ticketId }) => {
      setName('');
      setText('');
      props.onCreated(ticketId, lesson);
    },
  });
  const ready = lesson !== '' && task !== '' && name.trim() !== '' && text.trim() !== '';
  return (
    <Popup
      open={props.open}
      onClose={props.onClose}
      title={t.form.title}
      actions={
        <Button onClick={() => create.mutate()} disabled={!ready} loading={create.isPending}>
          {t.form.submit}
        </Button>
      }
    >
      <div className="tickets__form">
        <Select label={t.lesson} value={lesson} onChange={(value) => (setLesson(value), setTask('0'))} options={props.lessons.map((value) => ({ value, label: t.lessonN(value) }))} />
        <Select label={t.task} value={task} onChange={setTask} options={(props.tasks[lesson] ?? ['0']).map((value) => ({ value, label: value === '0' ? t.allTasks : t.taskN(value) }))} />
        <Select label={t.form.type} value={type} onChange={setType} options={TICKET_TYPES.map((value) => ({ value, label: value }))} />
        <Select label={t.form.importanceLabel} value={importance} onChange={setImportance} options={Object.entries(t.importance).map(([value, label]) => ({ value, label }))} />
        <TextField label={t.form.name} value={name} onChange={setName} maxLength={200} />
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="ticket-new-text">
            {t.form.text}
          </label>
          <textarea id="ticket-new-text" className="ui-input tickets__textarea" rows={4} value={text} onChange={(event) => setText(event.target.value)} maxLength={5000} />
        </div>
        {create.isError && <ErrorBox message={t.form.error(create.error.message)} />}
      </div>
    </Popup>
  );
}
