/**
 * Above the results of a search whose keyword is an organisation's code (EDRPOU or
 * taxpayer number): the pages of the buyer and of the supplier with that code, when the
 * registers know one (the search asked: `buyerOf`, `supplierOf` in `query.ts`).
 */
import type { TFunction } from 'i18next';
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import { membersOf } from '../../records/collection';
import { dataOf } from '../../lib/data';
import { usePageState } from '../../state';

const OFFERS = [['buyerOf', 'buyers'], ['supplierOf', 'suppliers']] as const;

/** The register a code belongs to: 10 digits are a person's tax number (РНОКПП), else ЄДРПОУ. */
const schemeOf = (t: TFunction, code: string): string => t(/^\d{10}$/.test(code) ? 'searchHelp.taxNumber' : 'searchHelp.edrpou');

export function OrganisationOffer() {
  const { t } = useTranslation();
  const state = usePageState();
  const items = OFFERS.flatMap(([key, path]) => {
    const org = membersOf<{ id?: string; legalName?: string }>(dataOf<unknown>(state, key))[0];
    if (!org?.id) return [];
    return (
      <li key={key}>
        <AppLink to={`/${path}/${encodeURIComponent(org.id)}`}>{t(`searchHelp.${key}`, { name: org.legalName || org.id, code: org.id, scheme: schemeOf(t, org.id) })}</AppLink>
      </li>
    );
  });
  return items.length ? <ul className="organisation-offer">{items}</ul> : null;
}
