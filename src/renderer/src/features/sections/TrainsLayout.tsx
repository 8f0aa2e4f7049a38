import { Outlet } from 'react-router';
import { SectionLayout, SideNav, type SideNavItem } from './SideNav';

/** Trainings wrapper (learning doc 'Trainings wrapper'): each link only with its flag. */
const ITEMS: SideNavItem[] = [
  { to: '/trains/decide-first', label: 'Игра «Реши первым»', flag: 'decideFirst' },
  { to: '/trains/trains_verbal_players', label: 'Видеочат', flag: 'verbalChat' },
  { to: '/trains/trains_p1', label: 'Тренировка 1 части', flag: 'trainP1' },
  { to: '/trains/trains_p2', label: 'Тренировка 2 части', flag: 'trainP2' },
  { to: '/trains/trains_verbal', label: 'Устные зачёты', flag: 'verbalZachets' },
  { to: '/trains/train_priznaki', label: 'Тренировка признаков', flag: 'trainPriznaki' },
];

export function TrainsLayout() {
  return (
    <SectionLayout nav={<SideNav items={ITEMS} label="Тренировки" />}>
      <Outlet />
    </SectionLayout>
  );
}
