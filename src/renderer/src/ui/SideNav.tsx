import { useAtomValue } from 'jotai';
import { NavLink, Outlet } from 'react-router';
import type { IconKey } from '@shared/domain/icons';
import { displayFlagsAtom } from '../lib/live';
import { ScrollRow } from './ScrollRow';
import './SideNav.css';

export interface SideNavItem {
  to: string;
  /** An address on another site: opened in a new tab instead of routed (`to` stays its key). */
  href?: string;
  label: string;
  /** The button shows only when this server flag is '1'; absent = always shown. */
  flag?: IconKey;
  /** Shown after the label, e.g. the count of works waiting for a check. */
  badge?: React.ReactNode;
}

/** A section's side navigation driven by the display flags, with placeholders while they load. */
export function SideNav({ items, label }: { items: SideNavItem[]; label: string }) {
  const flags = useAtomValue(displayFlagsAtom);
  return (
    // On narrow screens a row of tabs that may not fit: ScrollRow shows that more is there.
    <ScrollRow className="side-nav-row" navClassName="side-nav" label={label}>
      {items.map((item) => {
        if (item.flag && flags === null) return <span key={item.to} className="side-nav__placeholder" aria-hidden="true" />;
        if (item.flag && flags?.[item.flag] !== '1') return null;
        if (item.href) {
          return (
            <a key={item.to} href={item.href} className="side-nav__link" target="_blank" rel="noreferrer">
              {item.label}
              {item.badge}
            </a>
          );
        }
        return (
          <NavLink key={item.to} to={item.to} className="side-nav__link">
            {item.label}
            {item.badge}
          </NavLink>
        );
      })}
    </ScrollRow>
  );
}

/** Layout: side navigation next to the routed screen. */
export function SectionLayout({ nav, children }: { nav: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="section-layout">
      {nav}
      <div className="section-layout__content">{children}</div>
    </div>
  );
}

/** A routed section: its side navigation and the child screen. */
export function NavSection({ items, label }: { items: SideNavItem[]; label: string }) {
  return (
    <SectionLayout nav={<SideNav items={items} label={label} />}>
      <Outlet />
    </SectionLayout>
  );
}
