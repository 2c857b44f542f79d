/**
 * The upstream requests of the registration's steps (server only, decision 0011): here,
 * not in `route.ts`, so that the browser's main bundle does not carry `choices.ts`, which
 * the page's chunk has (esbuild places a module in every chunk that imports it).
 */
import type { FetchSpec } from '../../contract';
import type { RouteContext } from '../../lib/routeModule';
import { choices } from './choices';

const HOUR = 3600;

export function registrationFetches({ query, input }: RouteContext): FetchSpec[] {
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
