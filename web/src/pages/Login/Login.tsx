/**
 * The login forms. Without JavaScript they are plain POST forms: the server answers
 * with a redirect, or this page again with the outcome in its data (`form`). After
 * hydration the same forms are sent as JSON and the app moves on without a reload.
 */
import { startTransition, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { dataOf } from '../../lib/data';
import { localizedPath, sitePath } from '../../lib/paths';
import { fetchCsrf, formFields, handOver, markHandedOver, sendForm, type FormOutcome } from '../../lib/account';
import { formErrorMessage } from './account';
import { AppLink } from '../../components/AppLink/AppLink';
import { prefetchPage } from '../../lib/prefetch';
import { useAccount, usePageState } from '../../state';

/** The page's anti-forgery token; fetched when the app navigated here from a page without one. */
export function useCsrf(): string {
  const { csrf } = usePageState();
  const account = useAccount();
  useEffect(() => {
    if (csrf) return;
    void fetchCsrf().then((token) => token && account.setCsrf(token));
  }, [csrf]);
  return csrf ?? '';
}

/** The login page's steps by path: the password, the one-time code, password recovery. */
const STEPS: Record<string, 'login' | '2fa' | 'forgot' | 'new-password'> = {
  '/login': 'login',
  '/login/2fa': '2fa',
  '/login/forgot': 'forgot',
  '/login/new-password': 'new-password',
};

const TITLES = { login: 'pages.login.title', '2fa': 'account.login.codeTitle', forgot: 'account.recovery.forgotTitle', 'new-password': 'account.recovery.newTitle' };
const SUBMITS = { login: 'account.login.submit', '2fa': 'account.login.confirm', forgot: 'account.recovery.send', 'new-password': 'account.recovery.save' };

export default function Login() {
  const { t } = useTranslation();
  const state = usePageState();
  const account = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const csrf = useCsrf();
  const step = STEPS[location.pathname] ?? 'login';
  const [outcome, setOutcome] = useState<FormOutcome | undefined>(() => dataOf<FormOutcome>(state, 'form') ?? undefined);
  const [busy, setBusy] = useState(false);
  // A new step or a new answer from the server replaces what this page showed.
  useEffect(() => setOutcome(dataOf<FormOutcome>(state, 'form') ?? undefined), [state.data, step]);

  const action = localizedPath(state.language, step === 'login' ? '/login' : `/login/${step}`);
  const from = outcome?.values?.origin ?? query.get('from') ?? '';
  // Only a path of this site goes back into the form (the server checks it again).
  const origin = from.startsWith('/') ? sitePath(from) : '';
  const error = outcome && !outcome.ok ? outcome.error : undefined;
  // While the person types, the code of the page the login goes on to, and of the
  // header's user menu, comes in (issue 46, item 5): after the answer only the page's
  // data is awaited, not a cascade of chunks behind a loading overlay.
  useEffect(() => {
    if (step !== 'login' && step !== '2fa') return;
    prefetchPage(origin || '/');
    void import('../../components/Header/SessionAccount').catch(() => undefined);
  }, [origin, step]);
  const missing = new Set(outcome?.missing ?? []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const fields = formFields(event.currentTarget);
    // Sent before the page's token arrived (it came by navigation): fetch one now.
    if (!fields._csrf) fields._csrf = await fetchCsrf();
    const answer = await sendForm(action, fields);
    if (answer.ok && (step === 'forgot' || step === 'new-password')) {
      setBusy(false);
      if (answer.location) navigate(answer.location);
      else setOutcome(answer);
      return;
    }
    if (answer.ok) {
      // The old portal gets the login in the background: the person does not wait for
      // it (its failures are ignored, SPEC §8). The tab counts as handed over from now;
      // the old portal's answers wait for the hand-over to settle (`handOverSettled`).
      if (answer.handover) {
        markHandedOver();
        void handOver(answer.handover);
      }
      // One render for both: with the session alone, this page's guard would send the
      // user home before the navigation to where they came from.
      startTransition(() => {
        account.signedIn(answer.session ?? null, answer.csrf);
        navigate(answer.location ?? '/', { replace: true });
      });
      return;
    }
    setBusy(false);
    if (answer.step === '2fa') navigate('/login/2fa');
    else if (answer.step === 'login') {
      navigate('/login');
      setOutcome(answer);
    } else setOutcome(answer);
  }

  const errorId = 'login-error';
  return (
    <section className="container account-page" aria-labelledby="page-title">
      <h1 id="page-title">{t(TITLES[step])}</h1>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {outcome?.field === 'recoveryCode'
            ? formErrorMessage(t, { ...error, status: 0 }, 'form').replace(t('account.errors.unavailable'), t('account.recovery.badCode'))
            : formErrorMessage(t, error, step === '2fa' ? '2fa' : step === 'login' ? 'login' : 'form')}
        </p>
      )}
      {step === 'login' && query.get('reset') === '1' && !error && (
        <p className="form-note" role="status">
          {t('account.recovery.done')}
        </p>
      )}
      {step === 'login' && query.get('confirmed') !== null && !error && (
        <p className={query.get('confirmed') === '1' ? 'form-note' : 'form-error'} role="status">
          {t(query.get('confirmed') === '1' ? 'account.confirmed.done' : 'account.confirmed.failed')}
        </p>
      )}
      {step === 'forgot' && outcome?.ok && outcome.sent && (
        <p className="form-note" role="status">
          {t('account.recovery.sent')}
        </p>
      )}
      <form className="account-form" method="post" action={action} onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <input type="hidden" name="_csrf" value={csrf} />
        {step === 'forgot' && (
          <>
            <p>{t('account.recovery.forgotHint')}</p>
            <label htmlFor="login-email">{t('account.login.email')}</label>
            <input id="login-email" name="email" type="email" autoComplete="username" required defaultValue={outcome?.values?.email ?? ''} />
          </>
        )}
        {step === 'new-password' && (
          <>
            <label htmlFor="login-code">{t('account.recovery.code')}</label>
            <input
              id="login-code"
              name="recoveryCode"
              autoComplete="one-time-code"
              required
              defaultValue={outcome?.values?.recoveryCode ?? query.get('code') ?? ''}
              aria-invalid={outcome?.field === 'recoveryCode' || undefined}
            />
            <label htmlFor="login-new-password">{t('account.recovery.password')}</label>
            <input
              id="login-new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              aria-invalid={outcome?.field === 'password' || undefined}
            />
          </>
        )}
        {step === 'forgot' || step === 'new-password' ? null : step === '2fa' ? (
          <>
            <p>{t('account.login.codeHint')}</p>
            <label htmlFor="login-otp">{t('account.login.code')}</label>
            <input
              // The step's one field: the keyboard lands in it when the password step leads here
              // (a key of its own, so that React makes it anew rather than reusing the e-mail field).
              key="otp"
              id="login-otp"
              name="otp"
              autoFocus
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              autoComplete="one-time-code"
              required
              aria-invalid={missing.has('otp') || error?.status === 401 || undefined}
            />
          </>
        ) : (
          <>
            <input type="hidden" name="origin" value={origin} />
            <label htmlFor="login-email">{t('account.login.email')}</label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={outcome?.values?.email ?? ''}
              aria-invalid={missing.has('email') || undefined}
            />
            <label htmlFor="login-password">{t('account.login.password')}</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={missing.has('password') || undefined}
            />
          </>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t(SUBMITS[step])}
        </button>
      </form>
      {/* A code from a letter is typed in here at any time, not only after asking now. */}
      {step === 'forgot' && (
        <p className="account-links">
          <AppLink to="/login/new-password">{t('account.recovery.haveCode')}</AppLink>
        </p>
      )}
      {step === 'login' && (
        <p className="account-links">
          <AppLink to="/login/forgot">{t('account.recovery.forgotLink')}</AppLink>{' '}
          {/* The way back goes on through the registration too (its success dialog leads to the login). */}
          <AppLink to={origin ? `/registration?from=${encodeURIComponent(origin)}` : '/registration'}>{t('header.registration')}</AppLink>
        </p>
      )}
    </section>
  );
}
