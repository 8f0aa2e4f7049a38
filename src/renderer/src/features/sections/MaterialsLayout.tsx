import { Outlet } from 'react-router';
import { SectionLayout, SideNav, type SideNavItem } from './SideNav';

const ITEMS: SideNavItem[] = [
  { to: '/materials/search_video', label: 'Поиск по видео', flag: 'searchVideo' },
  { to: '/materials/search_termin', label: 'Поиск терминов', flag: 'searchTermin' },
];

export function MaterialsLayout() {
  return (
    <SectionLayout nav={<SideNav items={ITEMS} label="Материалы" />}>
      <Outlet />
    </SectionLayout>
  );
}
