import { useAtomValue } from 'jotai';
import { Navigate, Outlet } from 'react-router';
import type { IconKey } from '@shared/domain/icons';
import { displayFlagsAtom } from '../../lib/live';
import { rememberedLink } from '../../lib/nav-memory';
import { Loader, EmptyState } from '../../ui';
import { SideNav, type SideNavItem } from '../../ui/SideNav';
import { ru } from '../../i18n/ru';

const t = ru.sections.questions;

const CHILDREN: Array<SideNavItem & { child: string; flag: IconKey }> = [
  { child: 'p1', to: '/curator/questions/p1', label: t.p1, flag: 'questionsP1' },
  { child: 'p2', to: '/curator/questions/p2', label: t.p2, flag: 'questionsP2' },
  { child: 'zach_verbal', to: '/curator/questions/zach_verbal', label: t.zachVerbal, flag: 'questionsZachVerbal' },
];

export function QuestionsLayout() {
  return (
    <div className="stack">
      <SideNav items={CHILDREN} label={t.heading} />
      <Outlet />
    </div>
  );
}

/**
 * Back-office §2.13: the last viewed child if allowed, else the first allowed one, else
 * 'Отсутствуют доступные разделы'.
 */
export function QuestionsEntry() {
  const flags = useAtomValue(displayFlagsAtom);
  if (flags === null) return <Loader />;
  const allowed = CHILDREN.filter((child) => flags[child.flag] === '1');
  const remembered = allowed.find((child) => child.child === rememberedLink('questions'));
  const target = remembered ?? allowed[0];
  if (!target) return <EmptyState text={t.noSections} />;
  return <Navigate to={target.to} replace />;
}
