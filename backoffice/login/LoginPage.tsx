import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  LOGIN_MAX_LENGTH,
  LOGIN_PATH,
  type LoginRequest,
  PASSWORD_MAX_LENGTH,
  SESSION_PATH,
  StaffIdentitySchema,
} from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { destinationAfterLogin } from './destination.ts';
import { rememberSignInNotice } from '../lib/sign-in-notice.ts';
import { t } from '../lib/texts.ts';
import { $boLogged, $boUser } from '../session.ts';

type Failure = { field?: 'pseudo' | 'password'; message: string };

/** /bo_login (spec 3 §2): login and password, both required; the server's error shown as it says it. */
export default function LoginPage() {
  const [pseudo, setPseudo] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure | undefined>();
  const [sending, setSending] = useState(false);
  const pseudoRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // Already signed in: straight to where the staff member was going. Asked only when this browser
  // signed in last time, so a first visit does not log a refused request in the console.
  useEffect(() => {
    if ($boLogged.get()) {
      void staffApi(SESSION_PATH, StaffIdentitySchema, { unauthorizedIsAnswer: true }).then((result) => {
        if (result.ok) window.location.replace(destinationAfterLogin(window.location.search));
        else if (result.kind === 'http' && result.status === 401) $boLogged.set(false);
      });
    }
    pseudoRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (pseudo.trim() === '') {
      setFailure({ field: 'pseudo', message: t('login.loginRequired') });
      pseudoRef.current?.focus();
      return;
    }
    if (password === '') {
      setFailure({ field: 'password', message: t('login.passwordRequired') });
      passwordRef.current?.focus();
      return;
    }
    setSending(true);
    setFailure(undefined);
    const request: LoginRequest = { pseudo: pseudo.trim(), password };
    // A wrong password answers 401: shown here, not a trip to the sign-in page.
    const result = await staffApi(LOGIN_PATH, StaffIdentitySchema, {
      method: 'POST',
      body: request,
      unauthorizedIsAnswer: true,
    });
    setSending(false);
    if (result.ok) {
      $boLogged.set(true);
      $boUser.set(result.data.datas.login);
      rememberSignInNotice(result.data.datas.failedSignIns);
      window.location.replace(destinationAfterLogin(window.location.search));
      return;
    }
    if (result.kind === 'network') {
      setFailure({ message: t('login.unreachable') });
      return;
    }
    setFailure({ message: (result.kind === 'http' ? result.error : undefined) ?? t('login.failed') });
    setPassword('');
    passwordRef.current?.focus();
  }

  return (
    <div className="bo-login">
      <form
        className="bo-card bo-login__card"
        onSubmit={submit}
        noValidate
        aria-describedby={failure ? errorId : undefined}
      >
        <h1 className="bo-login__title">{t('login.title')}</h1>
        {failure && (
          <p id={errorId} className="bo-alert bo-alert--error" role="alert">
            {failure.message}
          </p>
        )}
        <label className="bo-field">
          <span className="bo-field__label">{t('login.login')}</span>
          <input
            ref={pseudoRef}
            name="pseudo"
            autoComplete="username"
            maxLength={LOGIN_MAX_LENGTH}
            value={pseudo}
            onChange={(event) => setPseudo(event.target.value)}
            aria-invalid={failure?.field === 'pseudo' || undefined}
            required
          />
        </label>
        <label className="bo-field">
          <span className="bo-field__label">{t('login.password')}</span>
          <input
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={failure?.field === 'password' || undefined}
            required
          />
        </label>
        <button className="bo-button bo-button--primary bo-login__submit" type="submit" disabled={sending}>
          {sending ? t('common.connecting') : t('login.submit')}
        </button>
      </form>
    </div>
  );
}
