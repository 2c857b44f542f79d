/**
 * `/registration`: the three steps of SPEC §4. The choices that open the next step (user
 * type, country, country of incorporation) are in the URL; each step's fields come from
 * the users API's `form-data-*` answers in the page's language, the choices' lists from
 * its static lists. The form posts to the portal (`server/src/account.rs`).
 */
import type { RouteModule } from '../../lib/routeModule';
import { FETCHED_BY_THE_SERVER } from '../../lib/routeModule';
import { visitorsOnly } from '../../lib/guards';
import { registrationFetches } from './fetches.server';
import './Registration.css';

export const registration: RouteModule = {
  name: 'registration',
  page: { load: () => import('./Registration') },
  guard: visitorsOnly,
  // The browser only asks whether there are fetches (decision 0011): their code stays out of its bundle.
  fetches: __SERVER__ ? registrationFetches : FETCHED_BY_THE_SERVER,
  required: ['first'],
  forms: true,
};
