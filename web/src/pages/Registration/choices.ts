/**
 * What the registration's fetches (`fetches.server.ts`) and its page (the form) both read:
 * the choices in the URL and the static lists of the fields' choices. Neither is imported
 * by `route.ts`, which is in every page's first load.
 */

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
