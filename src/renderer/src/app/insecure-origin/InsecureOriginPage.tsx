import { useEffect } from 'react';
import { ruInsecureOrigin as t } from '../../i18n/insecure-origin';
import { buttonClassName } from '../../ui/Button';
import { AuthHeader } from '../../features/auth/AuthHeader';
import '../../features/auth/auth.css';
import './insecure-origin.css';

/**
 * Everything a plain http:// address shows (main.tsx decides before the app starts): request
 * signing needs WebCrypto, which browsers give only to secure pages, so the app could sign in and
 * then fail on every screen. One page says what the student and the school's admin should do.
 */
export function InsecureOriginPage({ httpsUrl }: { httpsUrl: string }) {
  useEffect(() => {
    document.title = t.documentTitle;
  }, []);
  return (
    <main className="auth-page">
      <section className="auth-card insecure-origin" aria-labelledby="insecure-origin-title">
        <AuthHeader />
        <h1 id="insecure-origin-title">{t.title}</h1>
        <p>{t.lead}</p>
        <section className="insecure-origin__part" aria-labelledby="insecure-origin-student">
          <h2 id="insecure-origin-student">{t.studentTitle}</h2>
          <p>{t.studentText}</p>
          <p className="insecure-origin__address">{httpsUrl}</p>
          <a className={buttonClassName('primary', { block: true })} href={httpsUrl}>
            {t.openHttps}
          </a>
          <p className="muted">{t.studentFallback}</p>
        </section>
        <section className="insecure-origin__part" aria-labelledby="insecure-origin-admin">
          <h2 id="insecure-origin-admin">{t.adminTitle}</h2>
          <p>{t.adminText}</p>
        </section>
      </section>
    </main>
  );
}
