import { useEffect } from 'react';
import { Link } from 'react-router';
import { forgetLinks } from '../../app/nav-memory';
import { ruApp } from '../../i18n/ru-app';
import { readSession } from '../../lib/session';
import '../auth/auth.css';

const t = ruApp.notFound;

/** Any unknown /study path (back-office §2.1); entering it clears the remembered links. */
export function NotFoundPage() {
  const signedIn = readSession() !== null;
  useEffect(() => {
    forgetLinks();
    document.title = `${t.title} — ${ruApp.brand.name}`;
  }, []);
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="not-found-title">
        <div className="auth-card__mascot" aria-hidden="true">
          404
        </div>
        <h1 id="not-found-title">{t.title}</h1>
        <p className="muted">{t.text}</p>
        <Link className="button button--primary" to={signedIn ? '/' : '/login'}>
          {signedIn ? t.home : t.login}
        </Link>
      </section>
    </main>
  );
}
