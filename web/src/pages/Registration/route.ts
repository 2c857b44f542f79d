/**
 * `/registration`: the three steps of SPEC §4. The choices that open the next step (user
 * type, country, country of incorporation) are in the URL; each step's fields come from
 * the users API's `form-data-*` answers in the page's language, the choices' lists from
 * its static lists. The form posts to the portal (`server/src/account.rs`).
 */
import type { FetchSpec } from '../../contract';
import type { RouteModule, RouteContext } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { visitorsOnly } from '../../lib/guards';
import { choices } from './choices';
import './Registration.css';

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

export const registration: RouteModule = {
  name: 'registration',
  page: { load: () => import('./Registration') },
  guard: visitorsOnly,
  // The browser only asks whether there are fetches (decision 0011): their code stays out of its bundle.
  fetches: __SERVER__ ? fetches : FETCHED_BY_THE_SERVER,
  required: ['first'],
  forms: true,
};
