import { NavSection, type SideNavItem } from '../../ui/SideNav';
import { ru } from '../../i18n/ru';

const t = ru.sections.materials;

const ITEMS: SideNavItem[] = [
  { to: '/materials/search_video', label: t.searchVideo, flag: 'searchVideo' },
  { to: '/materials/search_termin', label: t.searchTermin, flag: 'searchTermin' },
];

export function MaterialsLayout() {
  return <NavSection items={ITEMS} label={t.heading} />;
}
