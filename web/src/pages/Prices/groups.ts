/**
 * A group's name and its export's address: the page, its head and its export's links
 * agree on them (the export itself is `machine/prices.ts`).
 */
import type { TFunction } from 'i18next';
import type { Language } from '../../contract';
import { formatMoney } from '../../lib/format';
import { EXTENSIONS, type ExportFormat } from '../../lib/machineUrls';
import { localizedPath } from '../../lib/paths';
import { perUnit, vatNote } from '../../lib/price';
import { unitName } from '../../records/parts';
import type { PriceGroup } from '../../records/prices';
import { priceQuery, type PriceFilters } from './query';

/** A currency as the portal writes it after an amount (`грн`, `USD`): `formatMoney`'s own word. */
const currencyLabel = (currency: string, language: Language): string => formatMoney(0, currency, language).split(' ').pop() || currency;

/**
 * The rows behind one group as a table export:
 * `/prices/33140000.csv?<filters>&unit=H87&currency=UAH&valueAddedTaxIncluded=true`.
 * Here, not in `lib/machineUrls.ts`, which every record page loads.
 */
export const priceExportUrl = (digits: string, format: Exclude<ExportFormat, 'ocds'>, language: Language, query: string): string =>
  `${localizedPath(language, `/prices/${digits}${EXTENSIONS[format]}`)}?${query}`;

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
