import { useQuery } from '@tanstack/react-query';
import { ruAccount } from '../../i18n/account';
import { Card, ErrorBox, IconExternal } from '../../ui';
import { accountQueries } from './api';
import { failureText } from './errors';

const t = ruAccount.apps;

const APPS = [
  { variable: 'APP_LINK_IOS', label: t.ios },
  { variable: 'APP_LINK_TESTFLIGHT', label: t.testflight },
  { variable: 'APP_LINK_ANDROID', label: t.android },
  { variable: 'APP_LINK_RUSTORE', label: t.rustore },
] as const;

/** Only web addresses: the values are typed by an admin and end up in href. */
function safeLink(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return /^https:\/\/[^\s]+$/i.test(trimmed) ? trimmed : null;
}

/** App download links set by the school (admin variables); nothing at all when none is set. */
export function AppLinksCard() {
  const links = useQuery(accountQueries.appLinks(APPS.map((app) => app.variable)));
  if (links.isError) {
    const text = failureText(links.error, ruAccount.errors.appLinks);
    return text ? (
      <Card title={t.title} className="account-card">
        <ErrorBox message={text} onRetry={() => void links.refetch()} />
      </Card>
    ) : null;
  }
  const shown = APPS.flatMap((app) => {
    const href = safeLink(links.data?.variablesStr[app.variable]);
    return href ? [{ ...app, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Card title={t.title} className="account-card" data-testid="app-links">
      <ul className="account-apps">
        {shown.map((app) => (
          <li key={app.variable}>
            <a className="account-apps__link" href={app.href} target="_blank" rel="noreferrer">
              {app.label}
              <IconExternal size={16} />
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
