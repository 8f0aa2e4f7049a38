import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ru } from '../../i18n/ru';
import { readSession } from '../../lib/session';
import { connectLive } from '../../lib/live';
import { ServerState } from '../../lib/server-state';
import { rememberLink } from '../../lib/nav-memory';
import { useRememberOwner } from '../../lib/drafts/owner';
import { signOutLocally } from '../../lib/sign-out';
import { Footer } from './Footer';
import { Header } from './Header';
import { MessengerSubscriptionPopup } from './MessengerSubscriptionPopup';
import { AppUpdateBanner, OfflineBanner } from './OfflineBanner';
import { Overlays } from './Overlays';
import { RequiredFieldsPopup } from './RequiredFieldsPopup';
import { useRouteHandle } from './use-route-handle';
import './shell.css';

/**
 * Everything behind sign-in: the guard, the live socket, server state (TanStack Query, kept off
 * the sign-in page), header and footer, the popups the shell owns, and the remembered active
 * link of each route group.
 */
export function AppShell() {
  const session = readSession();
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  // Whose drafts this session keeps, known even after a restart without a connection.
  useRememberOwner(session !== null);

  useEffect(() => {
    if (!session) return;
    const live = connectLive(() => signOutLocally(navigate));
    live.setCurrentPage(location.pathname);
  }, [session, location.pathname, navigate]);

  useEffect(() => {
    if (handle.group && handle.link) rememberLink(handle.group, handle.link);
  }, [handle.group, handle.link]);

  useEffect(() => {
    document.title = handle.title ? `${handle.title} — ${ru.brand.name}` : ru.brand.name;
  }, [handle.title]);

  // Logged in = both stored values exist (back-office §2.2).
  if (!session) return <Navigate to="/login" replace />;

  return (
    <ServerState>
      <div className="shell">
        {!handle.bare && <Header />}
        <OfflineBanner />
        <AppUpdateBanner />
        <main className="shell__main" id="main">
          <div className={handle.wide ? 'container container--wide' : 'container'}>
            <Outlet />
          </div>
        </main>
        {!handle.bare && <Footer />}
        {/* Phones: the bar the floating icons dock into (shell.css). */}
        <div className="shell__dock" aria-hidden="true" />
        <RequiredFieldsPopup />
        <MessengerSubscriptionPopup />
        <Overlays />
      </div>
    </ServerState>
  );
}
