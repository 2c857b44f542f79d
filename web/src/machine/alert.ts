/**
 * The e-mail of a saved search's alert, for the server's alert job (`server/src/alerts.rs`):
 * `[/en]/{tenders,plans,contracts}.alert?<the search's query>`, with the search carried
 * in the first step's state (`{alert: {id, name, since, token}}`). Never served: the job
 * alone sets that state, and without it the address names no document.
 *
 * It reads the search's 100 most recently modified records and answers JSON for the
 * users API's `deliver` call: the records modified after the search's watermark
 * (`since`, epoch ms), newest first, each as its title, its page and a line per fact; and
 * the e-mail's subject, opening and closing (the link to the whole search, to the
 * cabinet, and to unsubscribe without a login). `{count}` in them is the number of
 * records the e-mail lists, known only once the users API has left out those it sent before.
 */
import { searchApiPath, serializeFilters, type Register, type SearchFilters } from '../lib/filters';
import { localizedPath } from '../lib/paths';
import { membersOf } from '../records/collection';
import { recordSummary, type Member } from './atom';
import type { Context, MachineDocument, Step } from './types';

/** Records an alert run reads: the search's most recently modified. */
export const ALERT_WINDOW = 100;

export interface AlertState {
  alert: { id: number; name: string; since: number; token: string };
}

/** The state the job carries, when it is one. */
export function alertOf(state: unknown): AlertState['alert'] | null {
  const alert = (state as Partial<AlertState> | null)?.alert;
  if (!alert || typeof alert !== 'object') return null;
  const { id, name, since, token } = alert;
  return Number.isSafeInteger(id) && typeof name === 'string' && Number.isFinite(since) && typeof token === 'string' ? alert : null;
}

/** What the users API's `deliver` call takes from the bundle. */
export interface AlertMail {
  subject: string;
  intro: string;
  outro: string;
  records: Array<{ id: string; text: string }>;
}

/** The alert of `register`'s search `filters`. */
export function alertDocument(register: Register, filters: SearchFilters): MachineDocument {
  return {
    first: ({ request }) => ({
      status: 200,
      text: '',
      next: { key: 'search', service: 'search', path: searchApiPath({ ...filters, sortOrder: 'dateModified.desc', page: 1, perPage: ALERT_WINDOW }, register) },
      state: request.state,
    }),
    step: ({ request, origin, language, t }: Context, answer): Step => {
      const alert = alertOf(request.state);
      if (!alert) return { status: 404, text: '' };
      const records = membersOf<Member>(answer)
        .filter((m) => Date.parse(m.dateModified ?? '') > alert.since)
        .map((m) => {
          const { key, link, title, summary } = recordSummary(m, register, origin, language, t);
          return { id: m.id || key, text: [title, link, summary].filter(Boolean).join('\n') };
        });
      const query = serializeFilters(filters, { withPaging: false, register });
      const search = origin + localizedPath(language, `/${register.name}`) + (query ? `?${query}` : '');
      const unsubscribe = origin + localizedPath(language, '/alerts/unsubscribe') + `?id=${alert.id}&token=${encodeURIComponent(alert.token)}`;
      const vars = { name: alert.name, n: '{count}' };
      const mail: AlertMail = {
        // Nothing a user typed stands in a subject line (the name is in the body only).
        subject: t('alerts.subject', { n: vars.n }),
        intro: t(`alerts.intro.${register.name}`, vars),
        outro: [
          `${t('alerts.all')}: ${search}`,
          `${t('alerts.manage')}: ${origin}${localizedPath(language, '/icabinet')}#saved-searches`,
          `${t('alerts.unsubscribe')}: ${unsubscribe}`,
        ].join('\n'),
        records,
      };
      return { status: 200, contentType: 'application/json', text: JSON.stringify(mail) };
    },
  };
}
