/**
 * `/registration`: the three steps of SPEC §4. The choices that open the next step (user
 * type, country, country of incorporation) are in the URL; each step's fields come from
 * the users API's `form-data-*` answers in the page's language, the choices' lists from
 * its static lists. The form posts to the portal (`server/src/account.rs`).
 */
import type { FetchSpec } from '../../contract';
import type { PageModule, RouteContext } from '../../lib/pageModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/pageModule';
import { visitorsOnly } from '../../lib/guards';
import './Registration.css';

export const USER_GROUPS = ['buyer', 'seller', 'cpe'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

/** The choices in the URL, each only when it has the shape of one. */
export function choices(query: URLSearchParams): { userGroup: UserGroup; countryId?: string; incorporationCountryId?: string } {
  const group = query.get('userGroup');
  const country = (name: string) => {
    const code = query.get(name)?.toUpperCase();
    return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
  };
  const countryId = country('countryId');
  return {
    userGroup: USER_GROUPS.includes(group as UserGroup) ? (group as UserGroup) : 'buyer',
    countryId,
    incorporationCountryId: countryId ? country('incorporationCountryId') : undefined,
  };
}

/** The static list a field's choices come from, by field name. */
export const LISTS: Record<string, string> = {
  countryId: 'countries',
  incorporationCountryId: 'countries',
  customerCategory: 'customerCategory',
  classificationEconomicEntity: 'classificationEconomicEntities',
};

const HOUR = 3600;

function fetches({ query, input }: RouteContext): FetchSpec[] {
  const { userGroup, countryId, incorporationCountryId } = choices(query);
  const body = { languages: [input.language], userGroup, countryId, incorporationCountryId };
  const step = (name: string): FetchSpec => ({
    key: name,
    service: 'users',
    path: `/api/users/registration/form-data-${name}`,
    body,
    maxAge: HOUR,
  });
  const list = (name: string): FetchSpec => ({ key: name, service: 'users', path: `/lists/${name}.json`, maxAge: HOUR });
  const category = userGroup === 'seller' ? 'classificationEconomicEntities' : 'customerCategory';
  return [
    step('first'),
    ...(countryId ? [step('second')] : []),
    ...(incorporationCountryId ? [step('third')] : []),
    list('countries'),
    ...(countryId ? [list(category)] : []),
  ];
}

export const registration: PageModule = {
  name: 'registration',
  page: { load: () => import('./Registration') },
  guard: visitorsOnly,
  // The browser only asks whether there are fetches (decision 0011): their code stays out of its bundle.
  fetches: __SERVER__ ? fetches : FETCHED_BY_THE_SERVER,
  required: ['first'],
  forms: true,
};
