import { NavSection, type SideNavItem } from '../sections/SideNav';
import { ru } from '../../i18n/ru';

const t = ru.sections.curator;

/** Back-office §2.2: a button per section, each only with the user's permission flag. */
const ITEMS: SideNavItem[] = [
  { to: '/curator/standards', label: t.standards, flag: 'standards' },
  { to: '/curator/homeworks', label: t.homeworks, flag: 'homework' },
  { to: '/curator/users', label: t.users, flag: 'users' },
  { to: '/curator/tg_sending', label: t.tgSending, flag: 'tgMailing' },
  { to: '/curator/theory_chunks', label: t.theoryChunks, flag: 'theoryChunks' },
  { to: '/curator/statistic', label: t.statistic, flag: 'curatorStatistics' },
  { to: '/curator/questionsDz', label: t.questionsDz, flag: 'curatorDzQuestions' },
  { to: '/curator/files', label: t.files, flag: 'files' },
  { to: '/curator/change-variables', label: t.changeVariables, flag: 'changeVariables' },
  { to: '/curator/school_statistics', label: t.schoolStatistics, flag: 'adminSchoolStatistics' },
  { to: '/curator/video_edit', label: t.videoEdit, flag: 'curatorVideoLessons' },
  { to: '/curator/questions', label: t.questions, flag: 'questions' },
  { to: '/curator/textbooks', label: t.textbooks, flag: 'textbooks' },
  { to: '/curator/verbal_slots', label: t.verbalSlots, flag: 'curator' },
];

export function CuratorLayout() {
  return <NavSection items={ITEMS} label={t.heading} />;
}
