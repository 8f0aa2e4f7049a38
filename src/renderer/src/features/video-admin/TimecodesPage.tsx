import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createVideoTimecode,
  deleteVideoTimecodeById,
  timecodeOrderMessage,
  updateTimecodes,
  type AdminTimecode,
  type TimecodeKind,
} from '@shared/contract/video-admin';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { api } from '../../lib/api';
import { Accordion, Button, buttonClassName, EmptyState, ErrorBox, Loader, QueryState, TextField, useNotify } from '../../ui';
import { videoAdminQueries } from './api';
import { PlayerSlot, type PlayerHandle } from './PlayerSlot';
import { formatMs, parseTime } from './time-format';
import './video-admin.css';

const t = ruVideoAdmin.timecodes;

interface Row {
  timecodeId: string;
  type: TimecodeKind;
  start: string;
  end: string;
  description: string;
  tag: string;
}

const toRow = (timecode: AdminTimecode): Row => ({
  timecodeId: timecode.timecodeId,
  type: timecode.type,
  start: formatMs(timecode.timeStart),
  end: formatMs(timecode.timeEnd),
  description: timecode.description,
  tag: timecode.tag,
});

/** The §5 check before saving: unreadable times first, then non-theme rows whose end is before their start. */
export function checkRows(rows: readonly Row[]): { error: string } | { timecodes: Array<{ timecodeId: string; timeStart: number; timeEnd: number; description: string; tag: string }> } {
  const out = [];
  const reversed: string[] = [];
  for (const row of rows) {
    const start = parseTime(row.start);
    const end = parseTime(row.end);
    if (start === null) return { error: t.badTime(row.start) };
    if (end === null) return { error: t.badTime(row.end) };
    if (row.type !== 'THEME' && end < start) reversed.push(row.timecodeId);
    out.push({ timecodeId: row.timecodeId, timeStart: start, timeEnd: end, description: row.description, tag: row.tag });
  }
  if (reversed.length > 0) return { error: timecodeOrderMessage(reversed) };
  return { timecodes: out };
}

const SECTIONS: ReadonlyArray<{ type: TimecodeKind; title: string }> = [
  { type: 'DETAILED_EXPLANATION', title: t.explanations },
  { type: 'THEME', title: t.themes },
  { type: 'HASHTAG', title: t.tags },
];

/** Back-office §2.12 timecodes editor, route curator/timecodes/:videoId. */
export function TimecodesPage() {
  const { videoId = '' } = useParams();
  const data = useQuery(videoAdminQueries.timecodes(videoId));
  return (
    <section className="screen timecodes" aria-labelledby="timecodes-title">
      <div className="video-admin__head">
        <Link to={`/curator/video_edit/${videoId}`} className={buttonClassName('secondary', { size: 'sm' })}>
          {t.back}
        </Link>
        <h1 id="timecodes-title">{t.title(data.data?.videoShownName || `id-${videoId}`)}</h1>
      </div>
      <QueryState query={data} errorText={(error) => error.message} errorTitle={t.loadError} loading={<Loader label={t.loading} />}>
        {(loaded) => (
          <TimecodesEditor videoId={videoId} initial={loaded.timecodes} ready={loaded.mediaStatus === 'ready'} />
        )}
      </QueryState>
    </section>
  );
}

function TimecodesEditor({ videoId, initial, ready }: { videoId: string; initial: AdminTimecode[]; ready: boolean }) {
  const notify = useNotify();
  const player = useRef<PlayerHandle>(null);
  const [rows, setRows] = useState<Row[]>(() => initial.map(toRow));
  const [error, setError] = useState<string | null>(null);

  const patch = (timecodeId: string, change: Partial<Row>) => setRows((current) => current.map((row) => (row.timecodeId === timecodeId ? { ...row, ...change } : row)));

  const add = useMutation({
    mutationFn: (type: TimecodeKind) => api.call(createVideoTimecode, { videoId, type }, { handleErrors: true }),
    onSuccess: ({ timecode }) => setRows((current) => [...current, toRow(timecode)]),
    onError: (failure) => setError(t.actionError(failure.message)),
  });
  const remove = useMutation({
    mutationFn: (timecodeId: string) => api.call(deleteVideoTimecodeById, { timecodeId }, { handleErrors: true }),
    onSuccess: (_data, timecodeId) => setRows((current) => current.filter((row) => row.timecodeId !== timecodeId)),
    onError: (failure) => setError(t.actionError(failure.message)),
  });
  const save = useMutation({
    mutationFn: () => {
      const checked = checkRows(rows);
      if ('error' in checked) throw new Error(checked.error);
      return api.call(updateTimecodes, { timecodes: checked.timecodes }, { handleErrors: true });
    },
    onMutate: () => setError(null),
    onSuccess: () => notify(t.saved, { tone: 'success' }),
    onError: (failure) => setError(failure.message),
  });

  const fromPlayer = () => formatMs(player.current?.currentMs() ?? 0);

  return (
    <div className="timecodes__body">
      <div className="timecodes__player">
        <PlayerSlot ref={player} videoId={videoId} ready={ready} />
      </div>
      {SECTIONS.map((section) => {
        const list = rows.filter((row) => row.type === section.type);
        return (
          <Accordion key={section.type} title={section.title} summary={String(list.length)} defaultOpen>
            {list.length === 0 ? (
              <EmptyState text={t.empty} compact />
            ) : (
              <ul className="timecodes__list">
                {list.map((row) => (
                  <li key={row.timecodeId} className="timecode-row" aria-label={`id-${row.timecodeId}`}>
                    <span className="timecode-row__id muted small">id-{row.timecodeId}</span>
                    <div className="timecode-row__time">
                      <TextField label={t.start} value={row.start} onChange={(start) => patch(row.timecodeId, { start })} maxLength={9} inputMode="numeric" />
                      <Button variant="ghost" size="sm" disabled={!ready} onClick={() => patch(row.timecodeId, { start: fromPlayer() })}>
                        {t.fromPlayer}
                      </Button>
                    </div>
                    {row.type !== 'THEME' && (
                      <div className="timecode-row__time">
                        <TextField label={t.end} value={row.end} onChange={(end) => patch(row.timecodeId, { end })} maxLength={9} inputMode="numeric" />
                        <Button variant="ghost" size="sm" disabled={!ready} onClick={() => patch(row.timecodeId, { end: fromPlayer() })}>
                          {t.fromPlayer}
                        </Button>
                      </div>
                    )}
                    {row.type === 'HASHTAG' && (
                      <TextField className="timecode-row__text" label={t.tag} value={row.tag} onChange={(tag) => patch(row.timecodeId, { tag })} maxLength={200} />
                    )}
                    {row.type === 'THEME' && (
                      <TextField className="timecode-row__text" label={t.description} value={row.description} onChange={(description) => patch(row.timecodeId, { description })} maxLength={2000} />
                    )}
                    <Button variant="danger" size="sm" className="timecode-row__remove" loading={remove.isPending && remove.variables === row.timecodeId} onClick={() => remove.mutate(row.timecodeId)}>
                      {t.remove}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Button variant="secondary" size="sm" loading={add.isPending && add.variables === section.type} onClick={() => add.mutate(section.type)}>
              {t.add}
            </Button>
          </Accordion>
        );
      })}
      {error && <ErrorBox message={error} />}
      <div>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          {t.save}
        </Button>
      </div>
    </div>
  );
}
