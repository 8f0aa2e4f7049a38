import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ru } from '../../i18n/ru';
import { useCoursePageLink } from '../../lib/course-page';
import { readSession } from '../../lib/session';
import { AuthHeader } from './AuthHeader';
import { VkButton } from './LoginPage';
import './auth.css';

const t = ru.auth;

/** Shell §2.2: demo access for 7 days through VK ID; the return lands on /study/login. */
export function SignupPage() {
  const [alreadySignedIn] = useState(() => readSession() !== null);
  const courseLink = useCoursePageLink('signup');
  // Judged once: after a sign-in here the page navigates itself to the landing route.
  if (alreadySignedIn) return <Navigate to="/" replace />;
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="signup-title">
        <AuthHeader />
        <h1 id="signup-title">{t.signupTitle}</h1>
        <p>{t.demoNote}</p>
        <VkButton mode="signup" />
        <nav className="auth-card__links">
          <Link to="/login">{t.toLogin}</Link>
          {courseLink && (
            <a href={courseLink} target="_blank" rel="noreferrer">
              {t.courseLink}
            </a>
          )}
        </nav>
      </section>
    </main>
  );
}
