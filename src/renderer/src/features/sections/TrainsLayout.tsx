import { NavSection, type SideNavItem } from '../../ui/SideNav';
import { ru } from '../../i18n/ru';

const t = ru.sections.trains;

/** Trainings wrapper (learning doc 'Trainings wrapper'): each link only with its flag. */
const ITEMS: SideNavItem[] = [
  { to: '/trains/decide-first', label: t.decideFirst, flag: 'decideFirst' },
  { to: '/trains/trains_verbal_players', label: t.trainsVerbalPlayers, flag: 'verbalChat' },
  { to: '/trains/reviews', label: t.reviews },
  { to: '/trains/trains_p1', label: t.trainsP1, flag: 'trainP1' },
  { to: '/trains/trains_p2', label: t.trainsP2, flag: 'trainP2' },
  { to: '/trains/trains_verbal', label: t.trainsVerbal, flag: 'verbalZachets' },
  { to: '/trains/train_priznaki', label: t.trainPriznaki, flag: 'trainPriznaki' },
];

export function TrainsLayout() {
  return <NavSection items={ITEMS} label={t.heading} />;
}
