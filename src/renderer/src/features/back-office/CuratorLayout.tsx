import { Outlet } from 'react-router';
import { SectionLayout, SideNav, type SideNavItem } from '../sections/SideNav';

/** Back-office §2.2: a button per section, each only with the user's permission flag. */
const ITEMS: SideNavItem[] = [
  { to: '/curator/standards', label: 'Стандарты', flag: 'standards' },
  { to: '/curator/homeworks', label: 'Проверка ДЗ', flag: 'homework' },
  { to: '/curator/users', label: 'Ученики', flag: 'users' },
  { to: '/curator/tg_sending', label: 'Рассылки', flag: 'tgMailing' },
  { to: '/curator/theory_chunks', label: 'База знаний', flag: 'theoryChunks' },
  { to: '/curator/statistic', label: 'Статистика кураторов', flag: 'curatorStatistics' },
  { to: '/curator/questionsDz', label: 'Вопросы по ДЗ', flag: 'curatorDzQuestions' },
  { to: '/curator/files', label: 'Файлы', flag: 'files' },
  { to: '/curator/change-variables', label: 'Настройки школы', flag: 'changeVariables' },
  { to: '/curator/school_statistics', label: 'Статистика школы', flag: 'adminSchoolStatistics' },
  { to: '/curator/video_edit', label: 'Видеоуроки', flag: 'curatorVideoLessons' },
  { to: '/curator/questions', label: 'Банк вопросов', flag: 'questions' },
  { to: '/curator/textbooks', label: 'Учебники', flag: 'textbooks' },
];

export function CuratorLayout() {
  return (
    <SectionLayout nav={<SideNav items={ITEMS} label="Кураторская" />}>
      <Outlet />
    </SectionLayout>
  );
}
