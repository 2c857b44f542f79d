/**
 * Following a record (a tender, plan or contract) or a buyer: the form that starts and
 * stops it, and, for a logged-in follower, what changed since their previous look. Plain
 * HTML forms posted to the portal (`POST {prefix}/{register}/{key}/follow`, the server's
 * handler), which answers with the same page and its outcome as the page data's `form`:
 * the same with and without JavaScript.
 *
 * - A visitor without a login gives an address and a frequency, behind a disclosure that
 *   keeps the page's first screen short on a phone; the server mails a confirmation link.
 * - A logged-in visitor follows in one click (with a frequency), and a follower sees
 *   "you follow" with the frequency and "unfollow". Their mails go to the account's address.
 *
 * The address typed is shown again only in its field, after a refusal (to correct it).
 * The browser loads this as a chunk of its own (each page that shows it: `lazy`, as
 * `pages/Tender/Tender.tsx`): the server renders it in place, and hydration keeps its
 * markup until the chunk is in. No page's first load carries it.
 */
import type { TFunction } from 'i18next';
import { AppLink } from '../AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { FormOutcome } from '../../lib/account';
import { dataOf } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import {
  FOLLOW_FREQUENCIES, eventAnchor, eventInstant, eventLine, eventPath, followStatusOf, recordPath,
  type FollowRegister, type Frequency, type RecordEvent,
} from '../../records/events';
import { formatter, type Formatter } from '../../records/parts';
import { formErrorMessage } from '../../pages/Login/account';
import { usePageState } from '../../state';

export interface FollowProps {
  register: FollowRegister;
  /** The record's tenderID / planID / contractID, or the buyer's EDRPOU: its address. */
  recordKey: string;
  /** What the form names (`target`): the record's 32-hex id, or the EDRPOU. */
  target: string;
  /** The page has a history section (`#history`) the notice may send to for the rest. */
  history?: boolean;
}

/** Changes the follower's notice lists; the rest are in the history. */
export const NOTICE_SIZE = 5;

/** The message of a refused follow form: what was wrong, and for a bound, which one and why. */
export function followErrorMessage(t: TFunction, outcome: FormOutcome): string {
  const error = outcome.error;
  if (!error) return '';
  if ((error.status === 400 || error.status === 422) && outcome.field === 'email') return t('follow.errors.email');
  // A field the form sends as it is, changed on the way (its page is stale, or it was forged).
  if (error.status === 400 && ['target', 'action', 'frequency', 'register'].includes(outcome.field ?? '')) return t('follow.errors.invalid');
  if (error.status === 429 && outcome.limit === 'client') {
    return error.retryAfter ? t('follow.errors.limitClientFor', { seconds: error.retryAfter }) : t('follow.errors.limitClient');
  }
  // The address's bound that was reached: its follows, those waiting, or the hour's letters.
  if (error.status === 429 && outcome.limit) {
    return t(outcome.limit === 'pending' ? 'follow.errors.limitPending' : outcome.limit === 'letters' ? 'follow.errors.limitLetters' : 'follow.errors.limitAddress');
  }
  return formErrorMessage(t, error);
}

export default function Follow({ register, recordKey, target, history = false }: FollowProps) {
  const { t } = useTranslation();
  const state = usePageState();
  const { language, session, csrf } = state;
  const format = formatter(t, language);
  const status = dataOf(state, 'follow', followStatusOf);
  const outcome = dataOf<FormOutcome>(state, 'form');
  const done = outcome?.ok ? outcome.follow?.state : undefined;
  const refused = outcome && !outcome.ok && outcome.error ? followErrorMessage(t, outcome) : '';
  // What the visitor just did wins over the status fetched with the page.
  const following = done === 'following' || (done !== 'unfollowed' && status?.following === true);
  const typed = outcome?.values ?? {};
  const frequency: Frequency = status?.following ? status.frequency : typed.frequency === 'daily' ? 'daily' : 'immediate';
  const action = localizedPath(language, `${recordPath(register, recordKey)}/follow`);

  const hidden = (
    <>
      {csrf && <input type="hidden" name="_csrf" value={csrf} />}
      <input type="hidden" name="target" value={target} />
    </>
  );
  const frequencies = (
    <label className="follow-frequency">
      <span>{t('follow.frequency')}</span>{' '}
      <select name="frequency" defaultValue={frequency}>
        {FOLLOW_FREQUENCIES.map((f) => <option key={f} value={f}>{t(`follow.frequencies.${f}`)}</option>)}
      </select>
    </label>
  );

  let form;
  if (!session) {
    form = (
      <details className="follow-details" open={!!refused || undefined}>
        <summary className="button">{t('follow.open')}</summary>
        <form method="post" action={action} className="follow-form">
          {hidden}
          <input type="hidden" name="action" value="follow" />
          <p className="muted">{t(`follow.lead.${register}`)}</p>
          <label className="follow-email">
            <span>{t('follow.email')}</span>
            <input type="email" name="email" required autoComplete="email" defaultValue={refused ? typed.email : undefined} />
          </label>
          {frequencies}
          <button type="submit" className="button button-primary">{t('follow.submit')}</button>
          <p className="muted follow-privacy">{t('follow.privacy')}</p>
        </form>
      </details>
    );
  } else if (following) {
    form = (
      <form method="post" action={action} className="follow-form follow-inline">
        {hidden}
        <strong className="follow-state">{t(`follow.following.${register}`)}</strong>
        {frequencies}
        <button type="submit" name="action" value="follow" className="button">{t('follow.save')}</button>
        <button type="submit" name="action" value="unfollow" className="button">{t('follow.unfollow')}</button>
      </form>
    );
  } else {
    form = (
      <form method="post" action={action} className="follow-form follow-inline">
        {hidden}
        <input type="hidden" name="action" value="follow" />
        <button type="submit" className="button button-primary">{t('follow.submit')}</button>
        {frequencies}
        <span className="muted">{t('follow.account')}</span>
      </form>
    );
  }

  return (
    <div id="follow" className="follow">
      {status?.following && status.since && (
        <SinceLastVisit since={status.since} changes={status.changes} total={status.total} target={target} history={history} format={format} />
      )}
      {done && <p className="form-note" role="status">{t(`follow.done.${done}`)}</p>}
      {refused && <p className="form-error" role="alert">{refused}</p>}
      {form}
    </div>
  );
}

interface SinceProps {
  since: string;
  changes: RecordEvent[];
  total: number;
  target: string;
  history: boolean;
  format: Formatter;
}

/** "Since your last visit on …: N changes", the newest few, and where the rest are. */
function SinceLastVisit({ since, changes, total, target, history, format }: SinceProps) {
  const { t } = format;
  const date = format.date(since);
  if (total === 0 || changes.length === 0) return <p className="muted follow-since">{t('follow.notice.none', { since: date })}</p>;
  const shown = changes.slice(0, NOTICE_SIZE);
  return (
    <div className="follow-changes">
      <p className="follow-since"><strong>{t('follow.notice.changes', { since: date, count: total })}</strong></p>
      <ul className="event-list">
        {shown.map((e, i) => (
          <li key={`${e.seq}-${i}`}>
            <EventItem event={e} here={e.recordId === target} format={format} />
          </li>
        ))}
      </ul>
      {total > shown.length && (history
        ? <p><a href="#history">{t('follow.notice.all')}</a></p>
        : <p className="muted">{t('follow.notice.more', { count: total - shown.length })}</p>)}
    </div>
  );
}

/**
 * One event: its date and its line, linked to the part of the page it concerns (`here`:
 * the event is of this page's record; not to `within`, the part it is listed in), to
 * its record's page, or to its own page (a monitoring).
 */
export function EventItem({ event, here, within, format }: { event: RecordEvent; here: boolean; within?: string; format: Formatter }) {
  const anchor = eventAnchor(event);
  const path = eventPath(event);
  const line = eventLine(event, format.t, format);
  return (
    <>
      <time dateTime={eventInstant(event.at)}>{format.date(event.at)}</time>{' '}
      {!here || path !== recordPath(event.register, event.recordKey) + anchor
        ? <AppLink to={path}>{line}</AppLink>
        : anchor && anchor !== within ? <a href={anchor}>{line}</a> : line}
    </>
  );
}
