import { ru } from '../../i18n/ru';
import { NavSection, type SideNavItem } from '../../ui/SideNav';

const t = ru.shell.mainNav;

/** Shell §2.6: the personal area with buttons the server flags allow; settings always shown. */
const ITEMS: SideNavItem[] = [
  { to: '/lk', label: t.lk, flag: 'lk' },
  { to: '/calendar', label: t.calendar, flag: 'calendar' },
  { to: '/poleznoe', label: t.poleznoe, flag: 'feedback' },
  { to: '/finances', label: t.finances, flag: 'finances' },
  { to: '/ratings', label: t.ratings, flag: 'ratings' },
  { to: '/nearby_people', label: t.nearby_people, flag: 'nearbyPeople' },
  { to: '/settings', label: t.settings },
];

export function MainArea() {
  return <NavSection items={ITEMS} label={ru.shell.sectionNav} />;
}
