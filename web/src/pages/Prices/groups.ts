/** A group's name and its export's query: the page, its head and its export's links agree on them. */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { currencyLabel } from '../../lib/format';
import { perUnit, vatNote } from '../../lib/price';
import { unitName } from '../../records/parts';
import type { PriceGroup } from '../../records/prices';
import { priceQuery, type PriceFilters } from './query';

/** The query of a group's export: the page's filters with the group's unit, currency and VAT flag. */
export const groupExportQuery = (filters: PriceFilters, g: PriceGroup): string =>
  `${priceQuery({ ...filters, unit: g.unit.code })}&currency=${encodeURIComponent(g.currency)}&valueAddedTaxIncluded=${g.valueAddedTaxIncluded}`;

/** `штука, грн з ПДВ`: what a group's prices are per, in, and whether with VAT. */
export function groupName(g: Pick<PriceGroup, 'unit' | 'currency' | 'valueAddedTaxIncluded'>, t: TFunction, language: Language): string {
  return t('prices.group.title', {
    per: perUnit(t, unitName(t, g.unit, language), language) || g.unit.code,
    currency: currencyLabel(g.currency, language),
    vat: vatNote(t, g.valueAddedTaxIncluded) || t('prices.vatUnknown'),
  });
}
