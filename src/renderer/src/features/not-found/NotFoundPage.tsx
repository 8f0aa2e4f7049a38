import { useEffect } from 'react';
import { Link } from 'react-router';
import { forgetLinks } from '../../lib/nav-memory';
import { ru } from '../../i18n/ru';
import { readSession } from '../../lib/session';
import { buttonClassName } from '../../ui';
import '../auth/auth.css';

const t = ru.notFound;

/** Any unknown /study path (back-office §2.1); entering it clears the remembered links. */
export function NotFoundPage() {
  const signedIn = readSession() !== null;
  useEffect(() => {
    forgetLinks();
    document.title = `${t.title} — ${ru.brand.name}`;
  }, []);
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="not-found-title">
        <div className="auth-card__mascot" aria-hidden="true">
          404
        </div>
        <h1 id="not-found-title">{t.title}</h1>
        <p className="muted">{t.text}</p>
        <Link className={buttonClassName('primary', { block: true })} to={signedIn ? '/' : '/login'}>
          {signedIn ? t.home : t.login}
        </Link>
      </section>
    </main>
  );
}
