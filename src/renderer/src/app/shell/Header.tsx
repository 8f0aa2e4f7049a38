import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import type { IconKey } from '@shared/domain/icons';
import { ru } from '../../i18n/ru';
import { ScrollRow, useTheme } from '../../ui';
import { displayFlagsAtom } from '../../lib/live';
import { rememberedLink } from '../../lib/nav-memory';
import { useSignOut } from '../../lib/use-sign-out';
import { useUserInfo } from '../../lib/use-user-info';
import { storedUserType } from '../../lib/session';
import { isStaffType } from '@shared/domain/user-types';

interface HeaderLink {
  flag: IconKey;
  label: string;
  to: () => string;
}

const t = ru.shell;

const OutboxBadge = lazy(() => import('../../features/outbox/OutboxBadge').then((m) => ({ default: m.OutboxBadge })));
const WaitingBadge = lazy(() => import('../../features/curator-homework/WaitingBadge').then((m) => ({ default: m.WaitingBadge })));

/** Header links of shell §2.5, each shown only when the server's flag allows it. */
const LINKS: HeaderLink[] = [
  { flag: 'webinar', label: t.nav.webinar, to: () => '/webinar' },
  { flag: 'lk', label: t.nav.main, to: () => `/${rememberedLink('main')}` },
  { flag: 'roadmap', label: t.nav.roadmap, to: () => '/roadmap' },
  { flag: 'trains', label: t.nav.trains, to: () => `/trains/${rememberedLink('trains')}` },
  { flag: 'search', label: t.nav.materials, to: () => `/materials/${rememberedLink('materials')}` },
  { flag: 'curator', label: t.nav.curator, to: () => `/curator/${rememberedLink('curator')}` },
];

/** «Сегодня» is a student's: staff and inactive accounts have no plan. */
function hasPlan(): boolean {
  const type = storedUserType();
  return type !== null && type !== 'Неактивный' && !isStaffType(type);
}

export function Header() {
  const flags = useAtomValue(displayFlagsAtom);
  const { dark, setDark } = useTheme();
  // «Кураторская» shows how many works wait for a check; only people with the queue load and ask.
  const showWaiting = flags?.homework === '1';
  return (
    <header className="shell__header">
      <div className="container shell__header-row">
        <Link to="/" className="shell__brand" aria-label={ru.brand.name}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
          <span>{ru.brand.name}</span>
        </Link>
        <ScrollRow className="shell__nav-row" navClassName="shell__nav" label={t.mainNavLabel}>
          {flags === null
            ? LINKS.map((link) => <span key={link.flag} className="shell__nav-placeholder" aria-hidden="true" />)
            : [
                flags.roadmap === '1' && hasPlan() && (
                  <NavLink key="today" to="/today" className="shell__nav-link" data-flag="today">
                    {t.nav.today}
                  </NavLink>
                ),
                ...LINKS.filter((link) => flags[link.flag] === '1').map((link) => (
                <NavLink key={link.flag} to={link.to()} className="shell__nav-link" data-flag={link.flag}>
                  {link.label}
                  {link.flag === 'curator' && showWaiting && (
                    <Suspense fallback={null}>
                      <WaitingBadge />
                    </Suspense>
                  )}
                </NavLink>
              )),
              ]}
        </ScrollRow>
        {/* Changes made offline that wait or were refused, whichever page is open. */}
        <Suspense fallback={null}>
          <OutboxBadge />
        </Suspense>
        <button
          type="button"
          className="shell__icon-button"
          onClick={() => setDark(!dark)}
          aria-label={dark ? t.themeToLight : t.themeToDark}
          title={dark ? t.themeToLight : t.themeToDark}
          data-testid="theme-toggle"
        >
          {dark ? '☀' : '☾'}
        </button>
        <AvatarMenu />
      </div>
    </header>
  );
}

function AvatarMenu() {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const user = useUserInfo();
  const initials = user.data ? `${user.data.user_name.charAt(0)}${user.data.user_surname.charAt(0)}` : '';

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !(event.target instanceof Node && menuRef.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const leave = useSignOut(navigate);
  const signOut = () => {
    setOpen(false);
    void leave.signOut();
  };

  return (
    <div className="shell__avatar" ref={menuRef}>
      <button
        type="button"
        className="shell__avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t.avatarMenu}
        onClick={() => setOpen(!open)}
        data-testid="avatar-menu"
      >
        {user.data?.user_ava_link ? <img src={user.data.user_ava_link} alt="" /> : <span>{initials || '…'}</span>}
      </button>
      {open && (
        <div className="shell__menu" role="menu">
          {user.data && (
            <div className="shell__menu-name">
              {user.data.user_name} {user.data.user_surname}
            </div>
          )}
          <button type="button" role="menuitem" onClick={() => go('/lk')}>
            {t.menu.lk}
          </button>
          <button type="button" role="menuitem" onClick={() => go('/finances')}>
            {t.menu.finances}
          </button>
          <button type="button" role="menuitem" onClick={() => go('/settings')}>
            {t.menu.settings}
          </button>
          <button type="button" role="menuitem" onClick={signOut} data-testid="logout">
            {t.menu.logout}
          </button>
        </div>
      )}
      {leave.popup}
    </div>
  );
}
