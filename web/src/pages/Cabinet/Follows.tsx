/**
 * The cabinet's follows (the users API's `/api/users/follows`): each record or buyer
 * followed, linked to its page, with its last change and forms to change how often it
 * mails or to stop following. Plain forms posted to the portal
 * (`POST {prefix}/icabinet/follows`), which redirects back here (`#follows`).
 */
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink/AppLink';
import { EventItem } from '../../components/Follow/Follow';
import { Section } from '../../components/Section/Section';
import { Unavailable } from '../../components/Unavailable/Unavailable';
import { useTranslation } from '../../i18n/react';
import type { FormOutcome } from '../../lib/account';
import { dataOf, failed } from '../../lib/data';
import { localizedPath } from '../../lib/paths';
import { FOLLOW_FREQUENCIES, followsOf, recordPath } from '../../records/events';
import { formatter } from '../../records/parts';
import { usePageState } from '../../state';
import { formErrorMessage } from '../Login/account';

/** What a redirect back may say was done (`?follows=`: `updated` for either form, or which one). */
const DONE = ['updated', 'frequency', 'unfollow'] as const;

/** Whether the page's form outcome is one of these forms' (they send `form=follows`). */
export const isFollowsOutcome = (outcome: (FormOutcome & { values?: Record<string, string> }) | null): boolean =>
  outcome?.values?.form === 'follows';

export function Follows({ csrf }: { csrf: string }) {
  const { t } = useTranslation();
  const state = usePageState();
  const [query] = useSearchParams();
  const format = formatter(t, state.language);
  const follows = dataOf(state, 'follows', followsOf);
  const outcome = dataOf<FormOutcome>(state, 'form');
  const error = outcome && !outcome.ok && isFollowsOutcome(outcome) ? outcome.error : undefined;
  const done = DONE.find((d) => query.get('follows') === d);
  const action = localizedPath(state.language, '/icabinet/follows');
  const hidden = (id: number, act: 'frequency' | 'unfollow') => (
    <>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="form" value="follows" />
      <input type="hidden" name="action" value={act} />
      <input type="hidden" name="id" value={id} />
    </>
  );
  return (
    <Section id="follows" title={t('follows.title')}>
      {done && !error && <p className="form-note" role="status">{t(`follows.done.${done}`)}</p>}
      {error && <p className="form-error" role="alert">{formErrorMessage(t, error)}</p>}
      {!follows ? (
        failed(state, 'follows') && <Unavailable />
      ) : follows.length === 0 ? (
        <p>{t('follows.empty')}</p>
      ) : (
        <ul className="follows-list">
          {follows.map((f) => {
            const title = f.title || f.key;
            return (
              <li key={f.id}>
                <h3>
                  <AppLink to={recordPath(f.register, f.key)}>{title}</AppLink>
                </h3>
                <p className="muted">
                  {t(`follow.registers.${f.register}`)} {f.key}
                  {f.created && <> · {t('follows.since', { date: format.date(f.created) })}</>}
                </p>
                <p>
                  {t('follows.lastChange')}:{' '}
                  {f.lastChange ? <EventItem event={f.lastChange} here={false} format={format} /> : t('follows.noChanges')}
                </p>
                <form method="post" action={action}>
                  {hidden(f.id, 'frequency')}
                  <label>
                    <span>{t('follow.frequency')}</span>{' '}
                    <select name="frequency" defaultValue={f.frequency}>
                      {FOLLOW_FREQUENCIES.map((v) => <option key={v} value={v}>{t(`follow.frequencies.${v}`)}</option>)}
                    </select>
                  </label>
                  <button type="submit" className="button">{t('follows.save')}</button>
                </form>
                <form method="post" action={action}>
                  {hidden(f.id, 'unfollow')}
                  <button type="submit" className="button" aria-label={t('follows.unfollowNamed', { title })}>{t('follows.unfollow')}</button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
