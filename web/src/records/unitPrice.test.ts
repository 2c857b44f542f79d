/**
 * Prices per unit over real records: the portal's real tenders (the demo snapshot's
 * sample) and the embedded upstream's contracts derived from them, the platform's
 * API-documentation tenders (lots, several winners, another currency) and full contracts
 * (`unit.value`), and the shapes a parsed record may have instead of the expected ones.
 */
import { describe, expect, it } from 'vitest';
import { deriveContracts, demo, examples, member, type Rec } from '../machine/ocds/testData';
import {
  activeAwards, awardItems, awardUnitPrice, contractUnitPrice, contractUnitPrices, roundUnitPrice, tenderUnitPrice, vatKey,
  type PricedItem,
} from './unitPrice';

const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Rec[]) : []);
const obj = (v: unknown): Rec => (v && typeof v === 'object' ? (v as Rec) : {});

const demoTenders = demo('tenders');
const tenderExamples = new Map(examples('tenders'));
const contractExamples = new Map(examples('contracts'));
const haveData = !!demoTenders && tenderExamples.size > 0 && contractExamples.size > 0;

/** Whether an item can be priced at all: a quantity above zero and a named unit. */
const measurable = (i: Rec | undefined) =>
  !!i && typeof i.quantity === 'number' && i.quantity > 0 && !!(obj(i.unit).code || obj(i.unit).name);

describe('prices per unit of real records', () => {
  if (!haveData) {
    it.skip('needs the shared data (prozorro-mcp-demo and openprocurement-api examples)', () => {});
    return;
  }
  const tenders = demoTenders as Rec[];

  it('give a real single-item award its value per unit, rounded to the kopeck, with its currency and VAT', () => {
    const t = tenders.find((x) => x.tenderID === 'UA-2026-09-08-005638-a');
    expect(t, 'the tender of the sample').toBeDefined();
    // 263 092,30 грн for 44 services.
    expect(tenderUnitPrice(t as Rec)).toEqual({
      amount: 5979.37, currency: 'UAH', valueAddedTaxIncluded: false, quantity: 44, unit: { code: 'E48', name: 'послуга' },
      basis: 'divided', total: 263092.3, itemId: 'd9cdd41c98c54d2ba948d3d0676cd989',
    });
  });

  it('price an award exactly when it covers one measurable item, and the price times the quantity is the award', () => {
    let priced = 0;
    let winners = 0;
    for (const t of tenders) {
      for (const award of arr(t.awards)) {
        const covered = arr(t.items).filter((i) => !award.lotID || i.relatedLot === award.lotID);
        const value = obj(award.value);
        const expected = covered.length === 1 && measurable(covered[0]) && typeof value.amount === 'number';
        const price = awardUnitPrice(t, award);
        expect(!!price, `${t.tenderID as string}`).toBe(expected);
        if (!price) continue;
        priced += 1;
        expect(price.currency).toBe(value.currency);
        expect(price.valueAddedTaxIncluded).toBe(value.valueAddedTaxIncluded);
        expect(price.quantity).toBe(covered[0].quantity);
        expect(price.unit.code).toBe(obj(covered[0].unit).code);
        expect(price.total).toBe(value.amount);
        // Rounded to the kopeck (or four digits below one): within half a kopeck a unit.
        expect(Math.abs(price.amount * price.quantity - (value.amount as number))).toBeLessThanOrEqual(0.005 * price.quantity + 1e-9);
      }
      // The tender's own price is its one winner's.
      const active = arr(t.awards).filter((a) => a.status === 'active');
      expect(tenderUnitPrice(t)).toEqual(active.length === 1 ? awardUnitPrice(t, active[0]) : undefined);
      if (tenderUnitPrice(t)) winners += 1;
    }
    expect(priced).toBeGreaterThan(50);
    expect(winners).toBeGreaterThan(50);
  });

  it('read the same from a search-list member as from the whole record', () => {
    for (const t of tenders) expect(tenderUnitPrice(member(t, 'tenders'))).toEqual(tenderUnitPrice(t));
  });

  it('give each winner of a lot with one item its own price, and none to several winners together', () => {
    const t = tenderExamples.get('aboveThreshold__complete.json') as Rec;
    const winners = activeAwards(t);
    expect(winners).toHaveLength(2);
    expect(tenderUnitPrice(t)).toBeUndefined();
    for (const award of winners) {
      const [item] = awardItems(t, award) as Rec[];
      expect(item.relatedLot).toBe(award.lotID);
      expect(awardUnitPrice(t, award)).toMatchObject({ amount: 500, currency: 'UAH', valueAddedTaxIncluded: false, quantity: 1, unit: { code: 'KGM' }, basis: 'divided' });
    }
  });

  it('keep an award in its own currency, and price no lot of two items nor a lot without items', () => {
    const t = tenderExamples.get('requestForProposal__complete.json') as Rec;
    expect(obj(t.value).currency).toBe('UAH');
    const [twoItems, noItems] = activeAwards(t);
    expect(obj(twoItems.value).currency).toBe('USD');
    expect(awardItems(t, twoItems)).toHaveLength(2);
    expect(awardUnitPrice(t, twoItems)).toBeUndefined();
    expect(awardItems(t, noItems)).toHaveLength(0);
    expect(awardUnitPrice(t, noItems)).toBeUndefined();
    // A one-item tender whose award is in dollars: the price is in dollars.
    const one = { ...t, items: [arr(t.items)[0]], awards: [{ ...twoItems, lotID: undefined }] };
    expect(tenderUnitPrice(one)).toMatchObject({ amount: 600, currency: 'USD', quantity: 1 });
    // Several items and no lots, or a framework's three suppliers of one lot: no price.
    expect(tenderUnitPrice(tenderExamples.get('priceQuotation__complete.json') as Rec)).toBeUndefined();
    const cfa = tenderExamples.get('closeFrameworkAgreementUA__complete.json') as Rec;
    expect(activeAwards(cfa).length).toBeGreaterThan(1);
    expect(tenderUnitPrice(cfa)).toBeUndefined();
  });

  it('give a full contract the prices its items state, which add up to its value', () => {
    const c = contractExamples.get('contract__active.json') as Rec;
    const prices = contractUnitPrices(c);
    expect(prices.map((p) => [p.amount, p.currency, p.quantity, p.unit.code, p.basis, p.valueAddedTaxIncluded])).toEqual([
      [9, 'UAH', 10, 'KGM', 'stated', false], [20, 'UAH', 5, 'KGM', 'stated', false], [4.5, 'UAH', 20, 'KGM', 'stated', false],
    ]);
    expect(prices.map((p) => p.itemId)).toEqual(arr(c.items).map((i) => i.id));
    expect(prices.reduce((s, p) => s + p.amount * p.quantity, 0)).toBe(obj(c.value).amount);
    // Several items: no one price of the contract.
    expect(contractUnitPrice(c)).toBeUndefined();
    for (const [file, contract] of contractExamples) {
      const items = arr(contract.items);
      expect(contractUnitPrices(contract).length, file).toBe(items.filter((i) => measurable(i) && typeof obj(obj(i.unit).value).amount === 'number').length);
    }
  });

  it('take a stated price as stated, in its own currency, though the value says otherwise', () => {
    const c = contractExamples.get('contract__active-multicurrency.json') as Rec;
    expect(obj(c.value)).toMatchObject({ amount: 10000, currency: 'USD' });
    expect(contractUnitPrice(c)).toMatchObject({ amount: 5000, currency: 'USD', quantity: 1, unit: { code: 'KGM', name: 'кг' }, basis: 'stated' });
    expect(contractUnitPrice(c)?.total).toBeUndefined();
  });

  it('divide a derived contract of one item, and read its search-list member the same', () => {
    let priced = 0;
    for (const t of tenders) {
      for (const c of deriveContracts(t)) {
        const items = arr(c.items);
        const price = contractUnitPrice(c);
        expect(!!price).toBe(items.length === 1 && measurable(items[0]) && typeof obj(c.value).amount === 'number');
        // The member's item carries no id.
        expect(contractUnitPrice(member(c, 'contracts'))).toEqual(price && { ...price, itemId: undefined });
        if (price) priced += 1;
      }
    }
    expect(priced).toBeGreaterThan(50);
  });
});

describe('prices per unit of records that are not what they should be', () => {
  const item = (over: Partial<PricedItem> = {}): PricedItem => ({ id: 'i1', quantity: 4, unit: { code: 'KGM', name: 'кілограм' }, ...over });
  const tender = (items: unknown, value: unknown, extra: Rec = {}) => ({ value: { currency: 'UAH' }, items, awards: [{ status: 'active', value }], ...extra });

  it('need a quantity above zero, a named unit, an amount not below zero and a currency', () => {
    const good = { amount: 10, currency: 'UAH' };
    expect(tenderUnitPrice(tender([item()], good))).toMatchObject({ amount: 2.5, currency: 'UAH', quantity: 4 });
    expect(tenderUnitPrice(tender([item()], good))?.valueAddedTaxIncluded).toBeUndefined();
    for (const bad of [{ quantity: 0 }, { quantity: -1 }, { quantity: '4' }, { quantity: Number.NaN }, { quantity: Infinity }, { unit: null }, { unit: {} }, { unit: { code: ' ', name: '' } }]) {
      expect(tenderUnitPrice(tender([item(bad as Partial<PricedItem>)], good)), JSON.stringify(bad)).toBeUndefined();
    }
    for (const bad of [null, 'x', {}, { amount: -1, currency: 'UAH' }, { amount: '10', currency: 'UAH' }, { amount: Number.NaN, currency: 'UAH' }]) {
      expect(tenderUnitPrice(tender([item()], bad)), JSON.stringify(bad)).toBeUndefined();
    }
    // A unit by its code alone or its name alone is named.
    expect(tenderUnitPrice(tender([item({ unit: { code: 'H87' } })], good))?.unit).toEqual({ code: 'H87' });
    expect(tenderUnitPrice(tender([item({ unit: { name: 'шт' } })], good))?.unit).toEqual({ name: 'шт' });
    // An award without a currency takes the tender's; with neither, no price.
    expect(tenderUnitPrice(tender([item()], { amount: 10 }))?.currency).toBe('UAH');
    expect(tenderUnitPrice({ ...tender([item()], { amount: 10 }), value: null })).toBeUndefined();
  });

  it('survive lists and records of the wrong shape', () => {
    expect(tenderUnitPrice({})).toBeUndefined();
    expect(tenderUnitPrice({ items: 'x', awards: {} })).toBeUndefined();
    expect(tenderUnitPrice(tender([null, item(), 7], { amount: 10, currency: 'UAH' }))).toMatchObject({ amount: 2.5 });
    expect(tenderUnitPrice({ items: [item()], awards: [null, { status: 'active', value: { amount: 8, currency: 'EUR', valueAddedTaxIncluded: 'yes' } }] }))
      .toEqual({ amount: 2, currency: 'EUR', quantity: 4, unit: { code: 'KGM', name: 'кілограм' }, basis: 'divided', total: 8, itemId: 'i1' });
    expect(contractUnitPrices({ items: 'x' })).toEqual([]);
    expect(contractUnitPrices({ items: [null, { unit: { value: { amount: 5 } } }] })).toEqual([]);
    expect(contractUnitPrice({ value: { amount: 9, currency: 'UAH' }, item: item({ quantity: 3 }) })).toMatchObject({ amount: 3, basis: 'divided' });
    // A member whose contract had several items carries no `item`; one that says so is not divided.
    expect(contractUnitPrice({ value: { amount: 9, currency: 'UAH' }, item: item(), numberOfItems: 2 })).toBeUndefined();
  });

  it('price only winners, and a lot award only the items of its lot', () => {
    const t = {
      value: { currency: 'UAH' },
      items: [item({ id: 'a', relatedLot: 'L1' }), item({ id: 'b', relatedLot: 'L2', quantity: 2 }), item({ id: 'c', relatedLot: 'L2' })],
      awards: [
        { status: 'unsuccessful', lotID: 'L1', value: { amount: 12, currency: 'UAH' } },
        { status: 'active', lotID: 'L1', value: { amount: 8, currency: 'UAH', valueAddedTaxIncluded: true } },
      ],
    };
    expect(tenderUnitPrice(t)).toMatchObject({ amount: 2, itemId: 'a', valueAddedTaxIncluded: true });
    // A losing bidder's award has its price too, for the page that lists it.
    expect(awardUnitPrice(t, t.awards[0])).toMatchObject({ amount: 3, itemId: 'a' });
    expect(awardUnitPrice(t, { status: 'active', lotID: 'L2', value: { amount: 8, currency: 'UAH' } })).toBeUndefined();
  });

  it('round a divided price as a buyer writes it, and say whether it includes VAT', () => {
    expect(roundUnitPrice(100 / 3)).toBe(33.33);
    expect(roundUnitPrice(1234567.891)).toBe(1234567.89);
    expect(roundUnitPrice(1 / 3000)).toBe(0.0003333);
    expect(roundUnitPrice(0)).toBe(0);
    expect(vatKey({ valueAddedTaxIncluded: true })).toBe('tender.vatIncluded');
    expect(vatKey({ valueAddedTaxIncluded: false })).toBe('tender.vatExcluded');
    expect(vatKey({})).toBeUndefined();
  });
});
