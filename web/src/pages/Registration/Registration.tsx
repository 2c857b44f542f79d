/**
 * The registration page. Two forms: the choices that open the next step (a GET form: its
 * values are no secret, and without JavaScript its button loads the next step; with
 * JavaScript a change loads it at once), and the registration itself, a POST of every
 * step's fields with the anti-forgery token. Errors stand next to their fields.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { dataOf } from '../../lib/data';
import { localizedPath, sitePath } from '../../lib/paths';
import { fetchCsrf, formFields, sendForm, type FormOutcome } from '../../lib/account';
import { formErrorMessage } from '../Login/account';
import { useCsrf } from '../Login/Login';
import { RegisteredDialog } from '../../components/RegisteredDialog/RegisteredDialog';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { usePageState } from '../../state';
import { LISTS, USER_GROUPS, choices } from './choices';
import { latinLookalikes } from '../../lib/latin';
import { alphabetical } from '../../lib/alphabet';

interface Field {
  name: string;
  label: string;
  required?: boolean;
}

interface StepAnswer {
  data?: Record<string, { fields?: Field[] }>;
}

interface ListEntry {
  code: string;
  name: string;
  name_en?: string;
}

/** Chosen in the first form: not fields of the second. */
const CHOICES = new Set(['userGroup', 'countryId', 'incorporationCountryId']);

const INPUT_TYPES: Record<string, string> = { email: 'email', password: 'password', phone: 'tel' };
const AUTOCOMPLETE: Record<string, string> = {
  email: 'email',
  password: 'new-password',
  firstName: 'given-name',
  lastName: 'family-name',
  phone: 'tel',
  legalName: 'organization',
  position: 'organization-title',
};

/**
 * The choice a visitor just made. The page is made anew once the next step's data is in
 * (the frame shows nothing meanwhile), so focus would fall back to the document: the new
 * page gives it back to that choice's field.
 */
let refocus = '';

/**
 * The countries as a person looks for them (issue 29, item 22): Ukraine first (most who
 * register are there), then by name in the interface language's alphabetical order.
 */
export function countryOrder<E extends { code: string }>(entries: E[], named: (entry: E) => string, language: string): E[] {
  const compare = alphabetical(language, { sensitivity: 'base' });
  const rank = (entry: E) => (entry.code.toUpperCase() === 'UA' ? 0 : 1);
  return [...entries].sort((a, b) => rank(a) - rank(b) || compare(named(a), named(b)));
}

export default function Registration() {
  const { t } = useTranslation();
  const state = usePageState();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const csrf = useCsrf();
  const { userGroup, countryId, incorporationCountryId } = choices(query);
  // Where the visitor came from (a search that offered alerts): a path of this site only.
  const from = query.get('from') ?? '';
  const back = from.startsWith('/') ? sitePath(from) : '';
  const [outcome, setOutcome] = useState<FormOutcome | undefined>(() => dataOf<FormOutcome>(state, 'form') ?? undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => setOutcome(dataOf<FormOutcome>(state, 'form') ?? undefined), [state.data]);
  useEffect(() => {
    if (refocus) document.getElementById(refocus)?.focus();
    refocus = '';
  }, []);

  const language = state.language;
  const list = (name: string) => dataOf<ListEntry[]>(state, name, (b) => (Array.isArray(b) ? (b as ListEntry[]) : null)) ?? [];
  // English names as English: the standards' list has "Аland Islands" with a Cyrillic А.
  const named = (entry: ListEntry) => (language === 'en' && entry.name_en && latinLookalikes(entry.name_en)) || entry.name;
  const steps = ['first', 'second', 'third'].map((key) => dataOf<StepAnswer>(state, key));
  const fields = steps.flatMap((step) => step?.data?.[language]?.fields ?? []).filter((f) => !CHOICES.has(f.name));
  const complete = !!steps[2];
  const values = outcome?.values ?? {};
  const error = outcome && !outcome.ok ? outcome.error : undefined;
  const action = localizedPath(language, '/registration');

  /** The next step, loaded at once when a choice changes (JavaScript on). */
  function choose(event: FormEvent<HTMLFormElement>) {
    refocus = (event.target as HTMLElement).id;
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(formFields(event.currentTarget))) if (value) next.set(key, value);
    // A new country of registration asks again for the country of incorporation.
    if (next.get('countryId') !== countryId) next.delete('incorporationCountryId');
    navigate(`/registration?${next}`, { replace: true, preventScrollReset: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const fieldsSent = formFields(event.currentTarget);
    if (!fieldsSent._csrf) fieldsSent._csrf = await fetchCsrf();
    const answer = await sendForm(action, fieldsSent);
    setBusy(false);
    // Success opens the dialog here at once, as the answer without JavaScript does; closing
    // it goes home. Going home first kept the visitor waiting for the home page's code and
    // data before saying the account was made: most of the 1.3 s a registration took on a
    // phone (issue 46, item 19).
    setOutcome(answer);
  }

  const selectOf = (name: string, entries: ListEntry[], selected: string | undefined, required = true) => (
    <select id={`registration-${name}`} name={name} defaultValue={selected ?? ''} required={required}>
      <option value="">{t('registration.choose')}</option>
      {entries.map((entry) => (
        <option key={entry.code} value={entry.code}>
          {named(entry)}
        </option>
      ))}
    </select>
  );
  const countries = countryOrder(list('countries'), named, language);

  return (
    <section className="container account-page registration" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.registration.title')}</h1>
      <form className="account-form registration-choices" method="get" action={action} onChange={choose}>
        {back && <input type="hidden" name="from" value={back} />}
        <label htmlFor="registration-userGroup">{t('registration.userGroup')}</label>
        <select id="registration-userGroup" name="userGroup" defaultValue={userGroup}>
          {USER_GROUPS.map((group) => (
            <option key={group} value={group}>
              {t(`registration.groups.${group}`)}
            </option>
          ))}
        </select>
        <label htmlFor="registration-countryId">{t('registration.country')}</label>
        {selectOf('countryId', countries, countryId)}
        {countryId && (
          <>
            <label htmlFor="registration-incorporationCountryId">{t('registration.incorporationCountry')}</label>
            {selectOf('incorporationCountryId', countries, incorporationCountryId)}
          </>
        )}
        <noscript>
          <button type="submit" className="button">
            {t('registration.next')}
          </button>
        </noscript>
      </form>

      {error && (
        <p id="registration-error" className="form-error" role="alert">
          {formErrorMessage(t, error)}
        </p>
      )}
      {countryId && !steps[1] && <Unavailable />}
      <form className="account-form" method="post" action={action} onSubmit={submit}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="userGroup" value={userGroup} />
        {countryId && <input type="hidden" name="countryId" value={countryId} />}
        {incorporationCountryId && <input type="hidden" name="incorporationCountryId" value={incorporationCountryId} />}
        {fields.map((field) => {
          const id = `registration-${field.name}`;
          const invalid = outcome?.field === field.name;
          const listName = LISTS[field.name];
          return (
            <div key={field.name} className="form-field">
              <label htmlFor={id}>
                {field.label}
                {field.required && <span aria-hidden="true"> *</span>}
              </label>
              {listName ? (
                selectOf(field.name, list(listName), values[field.name], field.required)
              ) : (
                <input
                  id={id}
                  name={field.name}
                  type={INPUT_TYPES[field.name] ?? 'text'}
                  autoComplete={AUTOCOMPLETE[field.name]}
                  required={field.required}
                  minLength={field.name === 'password' ? 8 : undefined}
                  defaultValue={field.name === 'password' ? undefined : values[field.name]}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? 'registration-error' : undefined}
                />
              )}
            </div>
          );
        })}
        {complete ? (
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('registration.submit')}
          </button>
        ) : (
          <p className="registration-hint">{t(countryId ? 'registration.chooseIncorporation' : 'registration.chooseCountry')}</p>
        )}
      </form>
      {outcome?.ok && outcome.registered && <RegisteredDialog email={outcome.registered} from={back || undefined} confirm={outcome.confirm} />}
    </section>
  );
}
