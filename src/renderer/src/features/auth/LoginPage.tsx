import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { getVkIdConfig } from '@shared/contract/auth';
import type { OutputOf } from '@shared/contract/core';
import { ru } from '../../i18n/ru';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { useCoursePageLink } from '../../lib/course-page';
import { readSession } from '../../lib/session';
import { Button, buttonClassName } from '../../ui/Button';
import { Loader } from '../../ui/Loader';
import { TextField } from '../../ui/TextField';
import { AuthHeader } from './AuthHeader';
import { authContracts } from './auth-contracts';
import { ChangeOneTimePassword } from './ChangeOneTimePassword';
import { ServerAddress } from './ServerAddress';
import { useCompleteSignIn } from './use-sign-in';
import { startVkAuth, takePendingVkAuth } from './vk-id';
import './auth.css';

const t = ru.auth;

type Failure = { text: string; vkUserId?: string };
type SessionIssued = { token: string; device: string; userType: string; landing?: string };
/** A login and its one-time password (`npm run admin`), accepted but to be replaced first. */
type OneTimeSignIn = { login: string; password: string };

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shell §2.1: VK ID sign-in with its return handling, and local sign-in by login and password. */
export function LoginPage() {
  const [alreadySignedIn] = useState(() => readSession() !== null);
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [returning, setReturning] = useState(() => params.has('code') || params.has('error'));
  const handled = useRef(false);
  // /curator (shell §2.1) lands here: the same local sign-in, titled for curators and graduates.
  const forCurators = params.get('for') === 'curator';
  const courseLink = useCoursePageLink('login');
  // The change step replaces the whole card body: VK ID and the links are no alternative to it.
  const [oneTime, setOneTime] = useState<OneTimeSignIn | null>(null);
  const [lastLogin, setLastLogin] = useState('');

  // Return from VK ID: exchange the code, then sign in (or sign up when that is what started it).
  useEffect(() => {
    if (!returning || handled.current) return;
    handled.current = true;
    void (async () => {
      if (params.has('error')) {
        setFailure({ text: t.vkDenied });
        setReturning(false);
        return;
      }
      const pending = takePendingVkAuth(params.get('state'));
      if (!pending) {
        setFailure({ text: t.stateMismatch });
        setReturning(false);
        return;
      }
      let vkUserId: string | undefined;
      try {
        const { getVkAccessTokenFromCode, getEnotToken, signupVkid } = await authContracts();
        const exchanged = await api.call(
          getVkAccessTokenFromCode,
          { code: params.get('code') ?? '', codeVerifier: pending.verifier, deviceId: params.get('device_id') ?? undefined, state: pending.state },
          { handleErrors: true },
        );
        vkUserId = exchanged.vkUserId;
        const contract = pending.mode === 'signup' ? signupVkid : getEnotToken;
        completeSignIn(await api.call(contract, exchanged, { handleErrors: true }));
      } catch (error) {
        const text = failureText(error);
        if (text.includes('no users found')) setFailure({ text: t.notRegistered, vkUserId });
        else setFailure({ text: pending.mode === 'signup' ? t.signupTokenError(text) : text });
        setReturning(false);
      }
    })();
  }, [returning, params, completeSignIn]);

  // Judged once: after a sign-in here the page navigates itself to the landing route.
  if (alreadySignedIn) return <Navigate to={forCurators ? '/curator' : '/'} replace />;

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby={oneTime ? 'one-time-title' : 'login-title'} aria-busy={returning}>
        <AuthHeader />
        {oneTime ? (
          <ChangeOneTimePassword
            login={oneTime.login}
            password={oneTime.password}
            onSignedIn={completeSignIn}
            onBack={() => {
              setLastLogin(oneTime.login);
              setOneTime(null);
            }}
          />
        ) : (
          <>
            <h1 id="login-title">{forCurators ? t.curatorLink : t.signInTitle}</h1>
            {forCurators && <p className="muted">{t.curatorNote}</p>}
            {returning ? (
              <Loader label={t.vkReturning} />
            ) : (
              <>
                {failure && <FailureNote failure={failure} />}
                <VkButton mode="login" />
                <div className="auth-card__divider">{t.or}</div>
                <LocalSignInForm initialLogin={lastLogin} onSignedIn={completeSignIn} onOneTimePassword={setOneTime} />
                <ServerAddress />
                <nav className="auth-card__links">
                  <Link to="/signup">{t.toSignup}</Link>
                  {forCurators ? <Link to="/login">{t.toStudentLogin}</Link> : <Link to="/login?for=curator">{t.curatorLink}</Link>}
                  {courseLink && (
                    <a href={courseLink} target="_blank" rel="noreferrer">
                      {t.courseLink}
                    </a>
                  )}
                </nav>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}

export function FailureNote({ failure }: { failure: Failure }) {
  return (
    <div className="auth-card__error" role="alert">
      <p>{failure.text}</p>
      {failure.vkUserId && (
        <p>
          {t.notRegisteredProfile}{' '}
          <a href={`https://vk.com/id${failure.vkUserId}`} target="_blank" rel="noreferrer">
            vk.com/id{failure.vkUserId}
          </a>
        </p>
      )}
    </div>
  );
}

/** Starts VK ID, or says plainly that this server has it switched off. */
export function VkButton({ mode }: { mode: 'login' | 'signup' }) {
  // A plain effect rather than TanStack Query: the sign-in page is the first download and stays small.
  const [config, setConfig] = useState<{ data?: OutputOf<typeof getVkIdConfig> }>({});
  useEffect(() => {
    let alive = true;
    authContracts()
      .then(({ getVkIdConfig: contract }) => api.call(contract, {}, { handleErrors: true }))
      .then(
        (data) => alive && setConfig({ data }),
        () => alive && setConfig({}),
      );
    return () => {
      alive = false;
    };
  }, []);
  const [starting, setStarting] = useState(false);
  const configured = config.data?.configured === '1';
  return (
    <div className="auth-card__vk">
      <Button
        block
        disabled={!configured}
        loading={starting}
        onClick={async () => {
          if (!config.data) return;
          setStarting(true);
          window.location.assign(await startVkAuth(config.data, mode));
        }}
      >
        {mode === 'signup' ? t.vkSignupButton : t.vkButton}
      </Button>
      {config.data && !configured && mode === 'login' && <p className="muted small">{t.vkNotConfigured}</p>}
      {/* Sign-up has no form of its own: say who gives accounts and lead to the sign-in. */}
      {config.data && !configured && mode === 'signup' && (
        <>
          <p className="small" data-testid="signup-no-vk">
            {t.vkSignupNotConfigured}
          </p>
          <Link to="/login" className={buttonClassName('primary', { block: true })}>
            {t.toLoginWithPassword}
          </Link>
        </>
      )}
    </div>
  );
}

function LocalSignInForm(props: { initialLogin: string; onSignedIn: (session: SessionIssued) => void; onOneTimePassword: (signIn: OneTimeSignIn) => void }) {
  const [login, setLogin] = useState(props.initialLogin);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!login.trim()) return setError(t.emptyLogin);
        if (!password) return setError(t.emptyPassword);
        setError('');
        setBusy(true);
        try {
          const { localSignIn } = await authContracts();
          props.onSignedIn(await api.call(localSignIn, { login: login.trim(), password }, { handleErrors: true }));
        } catch (caught) {
          setBusy(false);
          // A one-time password from `npm run admin`: the account's own password first.
          if (caught instanceof ApiError && caught.body?.mustChangePassword === '1') return props.onOneTimePassword({ login: login.trim(), password });
          setError(caught instanceof ApiError ? caught.message : failureText(caught));
        }
      }}
    >
      <TextField id="login" name="login" label={t.login} autoComplete="username" value={login} onChange={setLogin} />
      <TextField
        id="password"
        name="password"
        type="password"
        label={t.password}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" block loading={busy}>
        {busy ? t.signing : t.submit}
      </Button>
    </form>
  );
}
