/**
 * The cabinet: account, company, the CPV codes the user is notified about, the saved
 * searches with their alerts (`SavedSearches.tsx`) and the records followed (`Follows.tsx`). The CPV list
 * is the account's `cpvNotificationList`, a JSON string (`""` = none); it is edited with
 * the CPV picker (without JavaScript: its checkboxes and a typed code) and saved by a POST
 * to the portal, which PUTs it to the users API.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { dataOf, failed } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import { fetchCsrf, sendForm, type FormOutcome } from '../../lib/account';
import { formErrorMessage } from '../Login/account';
import { useCsrf } from '../Login/Login';
import { Facts } from '../../components/Facts/Facts';
import { Picker } from '../../components/Picker/Picker';
import { Section } from '../../components/Section/Section';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { SavedSearches } from './SavedSearches';
import { Follows, isFollowsOutcome } from './Follows';
import { usePageState } from '../../state';

interface Account {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  position?: string;
  userType?: string;
  cpvNotificationList?: string;
  /** `false` while the address awaits its confirmation link (the embedded users API). */
  emailConfirmed?: boolean;
}

interface Company {
  name?: string;
  identifier?: { scheme?: string; id?: string };
}

/** The codes of the account's JSON string; anything that is not a list of strings is none. */
export function cpvCodes(list: string | undefined): string[] {
  if (!list) return [];
  try {
    const codes: unknown = JSON.parse(list);
    return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export default function Cabinet() {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const csrf = useCsrf();
  const account = dataOf<Account>(state, 'account') ?? {};
  const company = dataOf<Company>(state, 'company');
  const [codes, setCodes] = useState(() => cpvCodes(account.cpvNotificationList));
  // The saved searches' forms answer with this page too: their outcome is theirs.
  const posted = dataOf<FormOutcome & { values?: { form?: string } }>(state, 'form');
  const [outcome, setOutcome] = useState<FormOutcome | undefined>(() =>
    posted?.values?.form === 'searches' || posted?.values?.form === 'confirm-email' || isFollowsOutcome(posted) ? undefined : posted ?? undefined,
  );
  const [saved, setSaved] = useState(query.get('saved') === '1');
  const [busy, setBusy] = useState(false);
  useEffect(() => setCodes(cpvCodes(account.cpvNotificationList)), [account.cpvNotificationList]);
  const action = localizedPath(state.language, '/icabinet');
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const form = new FormData(event.currentTarget);
    const cpv = form.getAll('cpv').map(String).map((c) => c.trim()).filter(Boolean);
    const token = String(form.get('_csrf') ?? '') || (await fetchCsrf());
    const answer = await sendForm(action, { _csrf: token, cpv } as unknown as Record<string, string>);
    setBusy(false);
    setOutcome(answer);
    setSaved(answer.ok);
    if (answer.ok) setCodes([...new Set(cpv)]);
  }

  const error = outcome && !outcome.ok ? outcome.error : undefined;
  return (
    <section className="container account-page cabinet" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.cabinet.title')}</h1>
      {account.emailConfirmed === false && (
        <Unconfirmed email={account.email ?? ''} action={action} csrf={csrf} posted={posted?.values?.form === 'confirm-email' ? posted : undefined} />
      )}
      <Section id="profile" title={t('cabinet.profile')}>
        <Facts
          rows={[
            [t('account.login.email'), account.email],
            [t('cabinet.name'), name],
            [t('cabinet.phone'), account.phone],
            [t('cabinet.position'), account.position],
            [t('registration.userGroup'), account.userType && t(`registration.groups.${account.userType}`)],
          ]}
        />
      </Section>
      <Section id="company" title={t('cabinet.company')}>
        {company ? (
          <Facts rows={[[t('cabinet.companyName'), company.name], [t('cabinet.identifier'), company.identifier?.id]]} />
        ) : (
          failed(state, 'company') && <Unavailable />
        )}
      </Section>
      <Section id="notifications" title={t('cabinet.notifications')}>
        {saved && !error && (
          <p className="form-note" role="status">
            {t('cabinet.saved')}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {formErrorMessage(t, error)}
            {outcome?.field && ` ${outcome.field}`}
          </p>
        )}
        <form className="account-form" method="post" action={action} onSubmit={submit}>
          <input type="hidden" name="_csrf" value={csrf} />
          <Picker
            key={codes.join(',')}
            name="cpv"
            legend={t('cabinet.cpv')}
            source={{ type: 'tree', scheme: 'classification' }}
            initial={codes.map((id) => ({ id, label: id }))}
            pattern="\d{8}-\d"
            placeholder="45230000-8"
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('cabinet.save')}
          </button>
        </form>
      </Section>
      <SavedSearches csrf={csrf} />
      <Follows csrf={csrf} />
    </section>
  );
}

/**
 * The "confirm your address" state: the address has not been confirmed by the link mailed
 * at registration, so no alert goes to it. The letter can be sent again (a form, so it
 * works without JavaScript too: the server answers with this page and `?sent=1`).
 */
function Unconfirmed({ email, action, csrf, posted }: { email: string; action: string; csrf: string; posted?: FormOutcome }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const [outcome, setOutcome] = useState<FormOutcome | undefined>(posted);
  const [busy, setBusy] = useState(false);
  const sent = query.get('sent') === '1' || Boolean(outcome?.ok && outcome.sent);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const token = String(new FormData(event.currentTarget).get('_csrf') ?? '') || (await fetchCsrf());
    setOutcome(await sendForm(action, { _csrf: token, form: 'confirm-email' }));
    setBusy(false);
  }

  const error = outcome && !outcome.ok ? outcome.error : undefined;
  return (
    <div className="cabinet-unconfirmed" id="confirm-email">
      <p className="form-error">{t('cabinet.unconfirmed.text', { email })}</p>
      {sent && !error && (
        <p className="form-note" role="status">
          {t('cabinet.unconfirmed.sent')}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {formErrorMessage(t, error)}
        </p>
      )}
      <form method="post" action={action} onSubmit={submit}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="form" value="confirm-email" />
        <button type="submit" className="button" disabled={busy}>
          {t('cabinet.unconfirmed.resend')}
        </button>
      </form>
    </div>
  );
}
