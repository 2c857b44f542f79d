/**
 * The price of one unit of what a record bought, so that a buyer comparing past
 * purchases need not divide an award by its quantity by hand (issue 46, item 7). Pure
 * functions over parsed records (a tender, a search-list member of one, a contract, a
 * tender's `contracts[]` entry, a contract's search-list member): any field may be
 * missing, null or of another type, and then there is no price rather than a wrong one.
 *
 * A price is only what the record supports:
 * - **stated**: a contract's item that states the price of its unit (`unit.value`, the
 *   platform's full contracts), in that value's currency, with its VAT flag;
 * - **divided**: an award or a contract that covers exactly one item (the tender has one
 *   item, or the award's lot has exactly one), its value divided by that item's quantity.
 *   Several items cannot be divided among: their shares are not in the record.
 *
 * Always: a quantity above zero, a unit named by its UN/CEFACT code (`unit.code`) or its
 * name, a finite amount not below zero, and one currency (the value's own; a value that
 * states none takes the record's, never another value's). The VAT inclusion of the value
 * it comes from (`valueAddedTaxIncluded`) goes with the price, so that a page can say
 * «з ПДВ» or «без ПДВ»; a value that does not say leaves it out.
 */
import type { Unit, Value } from './parts';

/** The price of one unit of one item. */
export interface UnitPrice {
  /** Per unit: stated as the record states it; divided rounded (`roundUnitPrice`). */
  amount: number;
  currency: string;
  /** Whether the amount includes VAT; absent when the value does not say. */
  valueAddedTaxIncluded?: boolean;
  /** The item's quantity (above zero). */
  quantity: number;
  /** The item's unit: its UN/CEFACT code and the name the record gives, as they are (at least one). */
  unit: Unit;
  /** `stated`: the record's own `unit.value`; `divided`: a value divided by the quantity. */
  basis: 'stated' | 'divided';
  /** The value divided (the award's or contract's amount); only for `divided`. */
  total?: number;
  /** The item's id, when it has one. */
  itemId?: string;
}

/** An item as a price reads it (a tender's, a contract's, or a contract member's `item`). */
export interface PricedItem {
  id?: unknown;
  quantity?: unknown;
  unit?: { code?: unknown; name?: unknown; value?: unknown } | null;
  relatedLot?: unknown;
}

/** An award as a price reads it. */
export interface PricedAward {
  id?: unknown;
  status?: unknown;
  lotID?: unknown;
  value?: unknown;
}

/** A tender, or its search-list member. */
export interface PricedTender {
  value?: unknown;
  items?: unknown;
  awards?: unknown;
}

/**
 * A contract (full, derived, or a tender's `contracts[]` entry), or its search-list member,
 * which carries its one item's quantity and unit as `item` instead of `items`
 * (`upstream/API.md`).
 */
export interface PricedContract {
  value?: unknown;
  items?: unknown;
  item?: unknown;
  numberOfItems?: unknown;
}

const objects = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object' && !Array.isArray(x)) as T[]) : []);
const object = <T,>(v: unknown): T | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as T) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A value that can be divided or stated: an amount and a currency. */
interface Money {
  amount: number;
  currency: string;
  valueAddedTaxIncluded?: boolean;
}

/** A money value's parts when it has an amount (finite, not below zero) and a currency. */
function moneyOf(v: unknown, fallbackCurrency?: string): Money | undefined {
  const value = object<Record<string, unknown>>(v);
  if (!value || !finite(value.amount) || value.amount < 0) return undefined;
  const currency = text(value.currency) ?? fallbackCurrency;
  if (!currency) return undefined;
  const vat = value.valueAddedTaxIncluded;
  return { amount: value.amount, currency, ...(typeof vat === 'boolean' ? { valueAddedTaxIncluded: vat } : {}) };
}

/** The item's quantity and unit when a price per unit can be told of it. */
function measured(item: PricedItem): { quantity: number; unit: Unit; itemId?: string } | undefined {
  if (!finite(item.quantity) || item.quantity <= 0) return undefined;
  const u = object<Record<string, unknown>>(item.unit);
  const code = text(u?.code);
  const name = text(u?.name);
  if (!code && !name) return undefined;
  const itemId = text(item.id);
  return { quantity: item.quantity, unit: { ...(code ? { code } : {}), ...(name ? { name } : {}) }, ...(itemId ? { itemId } : {}) };
}

/**
 * A divided price rounded as a buyer would write it: to the kopeck from one unit of
 * currency up, else to four significant digits (a gram's or a kilowatt-hour's price),
 * which also drops the noise of binary division (`100 / 3`).
 */
export function roundUnitPrice(x: number): number {
  if (!Number.isFinite(x)) return x;
  if (Math.abs(x) >= 1) return Math.round(x * 100) / 100;
  return x === 0 ? 0 : Number(x.toPrecision(4));
}

function divided(total: Money | undefined, item: PricedItem | undefined): UnitPrice | undefined {
  const m = item && measured(item);
  if (!total || !m) return undefined;
  return {
    amount: roundUnitPrice(total.amount / m.quantity),
    currency: total.currency,
    ...(total.valueAddedTaxIncluded === undefined ? {} : { valueAddedTaxIncluded: total.valueAddedTaxIncluded }),
    ...m,
    basis: 'divided',
    total: total.amount,
  };
}

/**
 * The items an award covers: its lot's (`lotID`, the items whose `relatedLot` it is),
 * or the tender's all when it names no lot.
 */
export function awardItems(tender: PricedTender, award: PricedAward): PricedItem[] {
  const items = objects<PricedItem>(tender.items);
  const lot = text(award.lotID);
  return lot ? items.filter((i) => i.relatedLot === lot) : items;
}

/**
 * The price of one unit of an award of `tender` (of any status: a losing bidder's too),
 * when it covers exactly one item: its value divided by that item's quantity. A value
 * without a currency takes the tender's.
 */
export function awardUnitPrice(tender: PricedTender, award: PricedAward): UnitPrice | undefined {
  const items = awardItems(tender, award);
  if (items.length !== 1) return undefined;
  return divided(moneyOf(award.value, text(object<Value>(tender.value)?.currency)), items[0]);
}

/** The awards of a tender that stand (`active`: the winners). */
export const activeAwards = (tender: PricedTender): PricedAward[] => objects<PricedAward>(tender.awards).filter((a) => a.status === 'active');

/**
 * The winner's price of one unit: when the tender has exactly one active award and it
 * covers exactly one item. Several winners (lots, a framework agreement's suppliers) have
 * several prices: `awardUnitPrice` tells each.
 */
export function tenderUnitPrice(tender: PricedTender): UnitPrice | undefined {
  const winners = activeAwards(tender);
  return winners.length === 1 ? awardUnitPrice(tender, winners[0]) : undefined;
}

/** A contract's items: its own, or the one item of its search-list member. */
function contractItems(contract: PricedContract): PricedItem[] {
  if (Array.isArray(contract.items)) return objects<PricedItem>(contract.items);
  const one = object<PricedItem>(contract.item);
  return one ? [one] : [];
}

/**
 * The prices of one unit of a contract's items, in its items' order: each item that states
 * its unit's price (`unit.value`; without a currency, the contract's); and for a contract
 * of exactly one item that states none, the contract's value divided by its quantity.
 * Items with no price are left out (`itemId` tells which item a price is of).
 */
export function contractUnitPrices(contract: PricedContract): UnitPrice[] {
  return contractItemUnitPrices(contract).filter((p): p is UnitPrice => p !== undefined);
}

/**
 * The prices of `contractUnitPrices` item by item, for a table of the contract's items:
 * one entry per item, in their order, undefined for an item that has no price.
 */
export function contractItemUnitPrices(contract: PricedContract): Array<UnitPrice | undefined> {
  const items = contractItems(contract);
  const currency = text(object<Value>(contract.value)?.currency);
  const prices = items.map((item): UnitPrice | undefined => {
    const m = measured(item);
    const stated = m && moneyOf(object<Record<string, unknown>>(item.unit)?.value, currency);
    return m && stated ? { ...stated, ...m, basis: 'stated' } : undefined;
  });
  if (items.length !== 1 || prices[0]) return prices;
  // A member whose contract had several items carries none (`numberOfItems` says so).
  if (!Array.isArray(contract.items) && finite(contract.numberOfItems) && contract.numberOfItems !== 1) return [undefined];
  return [divided(moneyOf(contract.value), items[0])];
}

/** The price of one unit of a contract of exactly one item (stated, else divided). */
export function contractUnitPrice(contract: PricedContract): UnitPrice | undefined {
  const items = contractItems(contract);
  if (items.length !== 1) return undefined;
  return contractUnitPrices(contract)[0];
}

/**
 * The price of one unit of a contract as its tender lists it: the contract's own
 * (`contractUnitPrice`) when it carries items (the contract register's contracts and their
 * members); a tender's `contracts[]` entry carries none, and then its value is divided by
 * the quantity of the one item of the award it was signed on (`awardID`, `awardItems`).
 */
export function tenderContractUnitPrice(tender: PricedTender, contract: PricedContract & { awardID?: unknown }): UnitPrice | undefined {
  if (contractItems(contract).length > 0 || (finite(contract.numberOfItems) && contract.numberOfItems > 0)) return contractUnitPrice(contract);
  const id = text(contract.awardID);
  const award = id ? objects<PricedAward>(tender.awards).find((a) => a.id === id) : undefined;
  const items = award ? awardItems(tender, award) : [];
  // Divided only: a tender's item that states a unit's price (`unit.value`) states the buyer's expectation.
  return items.length === 1 ? divided(moneyOf(contract.value), items[0]) : undefined;
}

/** The locale key of a price's VAT note (`з ПДВ` / `без ПДВ`), when its value says. */
export const vatKey = (price: Pick<UnitPrice, 'valueAddedTaxIncluded'>): 'tender.vatIncluded' | 'tender.vatExcluded' | undefined =>
  price.valueAddedTaxIncluded === undefined ? undefined : price.valueAddedTaxIncluded ? 'tender.vatIncluded' : 'tender.vatExcluded';
