import type { CardHomework, getLessonCard } from '@shared/contract/course';
import type { OutputOf } from '@shared/contract/core';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/route-names';
import { ruCourse } from '../i18n/course';
import { cx, IconCheck, IconChevronRight, Markdown } from '../ui';
import { deadlineText, pointsText, taskStatusText, taskStatusTone } from './lesson-texts';

const t = ruCourse.lesson;

type LessonCard = OutputOf<typeof getLessonCard>;

/** In the editor's preview the rows are not links: the editor is not the student it shows. */
const PreviewMode = createContext(false);

/**
 * The popup's sections: the lesson's description and materials (our extension, when present),
 * then the spec's order: video lessons, homework, automatic credits, oral credits; empty ones are left out.
 */
export function LessonCardView({ card, preview = false }: { card: LessonCard; preview?: boolean }) {
  const homework = [...card.homeTasks.map((task) => ({ task, dop: false })), ...card.homeTasksDop.map((task) => ({ task, dop: true }))];
  const about = <LessonAbout description={card.lesson_description} materials={card.lesson_materials} />;
  const nothing = card.videos.length + homework.length + card.zachetsAuto.length + card.zachetsVerbal.length === 0;
  if (nothing)
    return (
      <div className="lesson-pop__sections">
        {about}
        <p className="lesson-pop__nothing muted">{t.nothing}</p>
      </div>
    );
  return (
    <PreviewMode.Provider value={preview}>
    <div className="lesson-pop__sections">
      {about}
      {card.videos.length > 0 && (
        <Section title={t.videos} kind="videos">
          {card.videos.map((video) => (
            <li key={video.video_id}>
              <RowLink className="lesson-row lesson-row--link" to={paths.video_lesson(video.video_id)}>
                <span className={cx('lesson-row__icon', video.watched === '1' && 'lesson-row__icon--done')} aria-hidden="true">
                  {video.watched === '1' ? <IconCheck size={18} strokeWidth={2.5} /> : <PlayIcon />}
                </span>
                <span className="lesson-row__main">
                  <span className="lesson-row__title">{video.video_shown_name}</span>
                  <span className="lesson-row__meta">
                    <Tag tone={video.video_obyaz === '0' ? 'additional' : 'required'}>{video.video_obyaz === '0' ? t.additional : t.required}</Tag>
                    <span>{t.views(video.views)}</span>
                    <span className={video.watched === '1' ? 'lesson-row__watched' : undefined}>{video.watched === '1' ? t.watched : t.notWatched}</span>
                  </span>
                </span>
                <IconChevronRight className="lesson-row__chevron" />
              </RowLink>
            </li>
          ))}
        </Section>
      )}
      {homework.length > 0 && (
        <Section title={t.homework} kind="homework">
          {homework.map(({ task, dop }) => (
            <li key={`${dop ? 'dop' : 'main'}-${task.ht_num}`}>
              <HomeworkItem task={task} dop={dop} />
            </li>
          ))}
        </Section>
      )}
      {card.zachetsAuto.length > 0 && (
        <Section title={t.creditsAuto} kind="auto">
          {card.zachetsAuto.map((credit) => (
            <li key={credit.za_id}>
              <CreditRow
                to={paths.autoTests(credit.za_id)}
                icon={<BoltIcon />}
                title={t.creditAuto(credit.za_id)}
                lessons={credit.za_lesson_numbers}
                when={credit.za_deadline !== '' ? t.creditUntil(credit.za_deadline) : ''}
                time={t.creditTime(credit.za_max_time)}
                status={credit.zu_status}
                statusText={taskStatusText(credit.zu_status, 'auto')}
              />
            </li>
          ))}
        </Section>
      )}
      {card.zachetsVerbal.length > 0 && (
        <Section title={t.creditsVerbal} kind="oral">
          {card.zachetsVerbal.map((credit) => (
            <li key={credit.zachet_id}>
              <CreditRow
                to={paths.zachet_zapis(credit.zachet_id)}
                icon={<MicIcon />}
                title={t.creditVerbal(credit.zachet_id)}
                lessons={credit.zachet_lesson_numbers}
                when={credit.zachet_date_start !== '' ? t.creditPeriod(credit.zachet_date_start, credit.zachet_date_end) : ''}
                status={credit.zachet_status}
                statusText={taskStatusText(credit.zachet_status, 'oral')}
              />
            </li>
          ))}
        </Section>
      )}
    </div>
    </PreviewMode.Provider>
  );
}

/** The lesson's description (safe Markdown) and its materials; nothing when both are empty. */
function LessonAbout({ description, materials }: { description: string; materials: LessonCard['lesson_materials'] }) {
  if (description.trim() === '' && materials.length === 0) return null;
  return (
    <section className="lesson-pop__section lesson-pop__section--about" aria-label={t.about}>
      {description.trim() !== '' && <Markdown text={description} className="kb-markdown lesson-pop__description" />}
      {materials.length > 0 && (
        <>
          <h3 className="lesson-pop__section-title">{t.materials}</h3>
          <ul className="lesson-pop__materials">
            {materials.map((material, index) => (
              <li key={`${index}-${material.url}`}>
                <MaterialLink title={material.title} url={material.url} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Links to other sites open in a new tab (rel=noopener); this site's own paths open in place. */
function MaterialLink({ title, url }: { title: string; url: string }) {
  const external = /^https?:\/\//i.test(url);
  return external ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {title}
    </a>
  ) : (
    <a href={url}>{title}</a>
  );
}

/** A row's link, or the same row without one in the editor's preview. */
function RowLink({ to, plain, className, children }: { to: string; plain?: boolean; className: string; children: ReactNode }) {
  const preview = useContext(PreviewMode);
  if (preview) return <span className={className}>{children}</span>;
  if (plain) return <a className={className} href={to}>{children}</a>;
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}

function Section({ title, kind, children }: { title: string; kind: string; children: ReactNode }) {
  const id = `lesson-pop-${kind}`;
  return (
    <section className={`lesson-pop__section lesson-pop__section--${kind}`} aria-labelledby={id}>
      <h3 id={id} className="lesson-pop__section-title">
        {title}
      </h3>
      <ul className="lesson-pop__list">{children}</ul>
    </section>
  );
}

/** A homework: required or additional, deadline, mock score, and its parts (part 2 of an additional one is hidden). */
function HomeworkItem({ task, dop }: { task: CardHomework; dop: boolean }) {
  const dopFlag = dop ? '1' : '0';
  const showP2 = !dop && task.ht_nums_P2 > 0;
  return (
    <article className="lesson-hw" aria-label={t.homeworkTitle(task.ht_num)}>
      <header className="lesson-hw__head">
        <span className="lesson-hw__title">{t.homeworkTitle(task.ht_num)}</span>
        <Tag tone={dop ? 'additional' : 'required'}>{dop ? t.additional : t.required}</Tag>
        {task.is_probnik === '1' && <Tag tone="probnik">{t.probnik}</Tag>}
        {task.dzSecondaryBall !== null && <span className="lesson-hw__secondary">{t.secondary(task.dzSecondaryBall)}</span>}
      </header>
      <p className={cx('lesson-hw__deadline', task.ht_deadline === '' && 'lesson-hw__deadline--none')}>
        <ClockIcon />
        {deadlineText(task.ht_deadline, task.ht_deadline_time)}
      </p>
      <ul className="lesson-hw__parts">
        {task.ht_nums_P1 > 0 && (
          <li>
            <RowLink className="lesson-part" to={paths.ht_p1(task.ht_num, dopFlag)}>
              <PartBody label={t.part1} status={task.ht_user_status_p1} points={pointsText(task.ht_user_ballov_p1, task.ht_user_maxballov_p1)} />
            </RowLink>
          </li>
        )}
        {showP2 && (
          <li>
            {/* Part 2 is a full page of its own (no header and footer), so a plain address. */}
            <RowLink plain className="lesson-part" to={`/study${paths.ht_p2(task.ht_num, dopFlag)}`}>
              <PartBody
                label={t.part2}
                note={task.ht_p2_time_limit_min !== null && task.ht_user_status_p2 === '' ? t.p2TimeLimit(task.ht_p2_time_limit_min) : undefined}
                status={task.ht_user_status_p2}
                points={pointsText(task.ht_user_ballov_p2, task.ht_user_maxballov_p2)}
              />
            </RowLink>
          </li>
        )}
      </ul>
    </article>
  );
}

interface CreditRowProps {
  to: string;
  icon: ReactNode;
  title: string;
  /** Lessons the credit covers ('' = none listed). */
  lessons: string;
  /** Deadline or period text, '' when there is none. */
  when: string;
  /** Time per attempt of an automatic credit. */
  time?: string;
  status: string;
  statusText: string;
}

/** One automatic or oral credit: a link to its screen with lessons, dates and status. */
function CreditRow({ to, icon, title, lessons, when, time, status, statusText }: CreditRowProps) {
  return (
    <RowLink className="lesson-row lesson-row--link" to={to}>
      <span className="lesson-row__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="lesson-row__main">
        <span className="lesson-row__title">{title}</span>
        <span className="lesson-row__meta">
          {lessons !== '' && <span>{t.creditLessons(lessons)}</span>}
          {when !== '' && <span>{when}</span>}
          {time !== undefined && <span data-testid="lesson-credit-time">{time}</span>}
        </span>
      </span>
      <StatusPill raw={status} text={statusText} />
      <IconChevronRight className="lesson-row__chevron" />
    </RowLink>
  );
}

function PartBody({ label, note, status, points }: { label: string; note?: string; status: string; points: string }) {
  return (
    <>
      <span className="lesson-part__label">
        {label}
        {note !== undefined && (
          <span className="lesson-part__note" data-testid="lesson-part-note">
            {note}
          </span>
        )}
      </span>
      <StatusPill raw={status} text={taskStatusText(status, 'homework')} />
      {points === t.noPoints ? (
        // The spec's '. . .' stays, with its meaning written under it: alone it reads as «loading».
        <span className="lesson-part__points lesson-part__points--unscored" aria-label={`${t.points}: ${t.notScored}`} data-testid="lesson-part-unscored">
          <span aria-hidden="true">{points}</span>
          <span className="lesson-part__hint" aria-hidden="true">
            {t.notScored}
          </span>
        </span>
      ) : (
        <span className="lesson-part__points" aria-label={`${t.points}: ${points}`}>
          {points}
        </span>
      )}
      <IconChevronRight className="lesson-row__chevron" />
    </>
  );
}

function StatusPill({ raw, text }: { raw: string; text: string }) {
  return <span className={`lesson-status lesson-status--${taskStatusTone(raw)}`}>{text}</span>;
}

function Tag({ tone, children }: { tone: 'required' | 'additional' | 'probnik'; children: ReactNode }) {
  return <span className={`lesson-tag lesson-tag--${tone}`}>{children}</span>;
}

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

function PlayIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}
function BoltIcon() {
  return (
    <svg {...iconProps}>
      <path d="M13 3 5 14h6l-1 7 8-11h-6z" />
    </svg>
  );
}
function MicIcon() {
  return (
    <svg {...iconProps}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}
function ClockIcon() {
  return (
    <svg {...iconProps} width={15} height={15}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
