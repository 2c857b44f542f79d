/**
 * The CSV export's rows over real search members of the three registers, read back with
 * a real CSV parser (csv-parse, RFC 4180): the byte order mark, one row per member with
 * the card's values in both languages, links to the records' pages, and the quoting and
 * formula neutralising that hostile titles need.
 */
import { parse } from 'csv-parse/sync';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import uk from '../../../locales/uk/dzo.json';
import en from '../../../locales/en/dzo.json';
import type { Language } from '../contract';
import { createI18n } from '../i18n';
import { formatDate } from '../lib/dates';
import { enumLabel, regionLabel } from '../lib/enums';
import { SEMICOLON, cpvCodes, csvColumnKeys, csvField, csvHeader, csvOfTable, csvRows, kyivWallTime, sheetHeader, sheetOfTable, sheetRows, tableOf, withCpvNames, type CsvRegister } from './csv';
import { deriveContracts, demo, examples, member, type Rec } from './ocds/testData';
import { contractUnitPrice, tenderUnitPrice } from '../records/unitPrice';

const resources = { uk: { dzo: uk }, en: { dzo: en } };
const T: Record<Language, TFunction> = {
  uk: createI18n('uk', resources).getFixedT('uk'),
  en: createI18n('en', resources).getFixedT('en'),
};
const ORIGIN = 'https://portal.test';

/** Header and rows of a whole export, parsed as a spreadsheet program would (BOM, CRLF, quotes). */
function exportOf(register: CsvRegister, members: unknown[], language: Language): { header: string[]; rows: string[][]; text: string } {
  const t = T[language];
  const text = csvHeader(register, t) + csvRows(register, members.slice(0, 50), { t, language, origin: ORIGIN })
    + csvRows(register, members.slice(50), { t, language, origin: `${ORIGIN}/` });
  const [header, ...rows] = parse(text, { bom: true, record_delimiter: '\r\n', relax_column_count: false }) as string[][];
  return { header, rows, text };
}

/** The parsed rows as objects keyed by the column's key (`tenderID`, `amount`…). */
function byColumn(register: CsvRegister, rows: string[][]): Array<Record<string, string>> {
  const keys = csvColumnKeys(register).map((k) => k.split('.').pop() as string);
  return rows.map((row) => Object.fromEntries(keys.map((k, i) => [k, row[i]])));
}

const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v as Rec[]) : []);
const obj = (v: unknown): Rec => (v && typeof v === 'object' ? (v as Rec) : {});
const plain = (v: unknown) => (typeof v === 'number' ? String(v) : '');

const demoTenders = demo('tenders');
const demoPlans = demo('plans');
const tenderExamples = examples('tenders');
const planExamples = examples('plans');
const contractExamples = examples('contracts');
const haveData = !!(demoTenders && demoPlans && tenderExamples.length && planExamples.length && contractExamples.length);

describe('CSV export of real search members', () => {
  if (!haveData) {
    it.skip('needs the shared data (prozorro-mcp-demo and openprocurement-api examples)', () => {});
    return;
  }
  const tenders = [...(demoTenders ?? []), ...tenderExamples.map(([, t]) => t)].map((t) => member(t, 'tenders'));
  const plans = [...planExamples.map(([, p]) => p), ...(demoPlans ?? [])].map((p) => member(p, 'plans'));
  const contracts = [
    ...contractExamples.map(([, c]) => c),
    ...[...(demoTenders ?? []), ...tenderExamples.map(([, t]) => t)].flatMap(deriveContracts),
  ].map((c) => member(c, 'contracts'));

  it('starts with the UTF-8 byte order mark and a translated header row ending in CRLF', () => {
    for (const language of ['uk', 'en'] as const) {
      const header = csvHeader('tenders', T[language]);
      expect([...new TextEncoder().encode(header).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(header.endsWith('\r\n')).toBe(true);
      expect(header.split('\r\n')).toHaveLength(2);
    }
    expect(csvHeader('tenders', T.uk)).toContain('Очікувана вартість');
    expect(csvHeader('tenders', T.en)).toContain('Expected value');
    for (const register of ['tenders', 'plans', 'contracts'] as const) {
      for (const language of ['uk', 'en'] as const) {
        const labels = csvColumnKeys(register).map((k) => T[language](k));
        // Every label is a translation, not its key.
        for (const [i, label] of labels.entries()) expect(label, csvColumnKeys(register)[i]).not.toMatch(/^export\./);
        expect(new Set(labels).size).toBe(labels.length);
      }
    }
  });

  for (const language of ['uk', 'en'] as const) {
    it(`writes one row per tender member with the card's values (${language})`, () => {
      const { header, rows, text } = exportOf('tenders', tenders, language);
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(header).toEqual(csvColumnKeys('tenders').map((k) => T[language](k)));
      expect(rows).toHaveLength(tenders.length);
      const cols = byColumn('tenders', rows);
      tenders.forEach((t, i) => {
        const row = cols[i];
        const value = obj(t.value);
        const pe = obj(t.procuringEntity);
        expect(row.tenderID).toBe(t.tenderID);
        expect(row.id).toBe(t.id);
        const title = language === 'en' && t.title_en ? t.title_en : t.title;
        expect(row.title.replace(/^'/, '')).toBe(title);
        expect(row.status).toBe(enumLabel(T[language], 'tenderStatus', t.status as string));
        expect(row.method).toBe(enumLabel(T[language], 'procurementMethodType', t.procurementMethodType as string));
        expect(row.organizer).toBe((language === 'en' && pe.name_en) || pe.name);
        expect(row.organizerCode).toBe(String(obj(pe.identifier).id).trim());
        expect(row.amount).toBe(plain(value.amount));
        expect(row.currency).toBe(typeof value.amount === 'number' ? value.currency : '');
        // The region in the file's language, as the card shows it (`Lviv Oblast` in English).
        expect(row.region).toBe(obj(pe.address).region ? regionLabel(T[language], obj(pe.address).region as string) : '');
        expect(row.published).toBe(formatDate(t.dateCreated as string, language, true));
        expect(row.link).toBe(`${ORIGIN}${language === 'en' ? '/en' : ''}/tenders/${encodeURIComponent(t.tenderID as string)}`);
        const cpv = obj(arr(t.items).find((x) => obj(x.classification).id)?.classification);
        expect(row.cpv.startsWith(`${cpv.id as string} `)).toBe(true);
      });
      // The amounts are numbers a spreadsheet sums: the plain sum of the column is the data's.
      const sum = cols.reduce((s, r) => s + (r.amount ? Number(r.amount) : 0), 0);
      const expected = tenders.reduce((s, t) => s + (typeof obj(t.value).amount === 'number' ? (obj(t.value).amount as number) : 0), 0);
      expect(sum).toBeCloseTo(expected, 2);
    });
  }

  it('writes plans with their budget, planned method, start and CPV', () => {
    for (const language of ['uk', 'en'] as const) {
      const { rows } = exportOf('plans', plans, language);
      expect(rows).toHaveLength(plans.length);
      byColumn('plans', rows).forEach((row, i) => {
        const p = plans[i];
        const budget = obj(p.budget);
        const planned = obj(p.tender);
        expect(row.planID).toBe(p.planID);
        expect(row.title).toBe(p.title ?? budget.description ?? '');
        expect(row.status).toBe(enumLabel(T[language], 'planStatus', p.status as string));
        expect(row.amount).toBe(plain(budget.amount));
        expect(row.currency).toBe(budget.currency);
        expect(row.method).toBe(planned.procurementMethodType ? enumLabel(T[language], 'procurementMethodType', planned.procurementMethodType as string) : '');
        expect(row.tenderStart).toBe(formatDate(obj(planned.tenderPeriod).startDate as string | undefined, language));
        expect(row.cpv.startsWith(`${obj(p.classification).id as string} `)).toBe(true);
        expect(row.link).toBe(`${ORIGIN}${language === 'en' ? '/en' : ''}/plans/${p.planID as string}`);
      });
    }
  });

  it('writes contracts, database-shaped and derived, with buyer, suppliers, term and tender', () => {
    for (const language of ['uk', 'en'] as const) {
      const { rows } = exportOf('contracts', contracts, language);
      expect(rows).toHaveLength(contracts.length);
      byColumn('contracts', rows).forEach((row, i) => {
        const c = contracts[i];
        const suppliers = arr(c.suppliers);
        expect(row.contractID).toBe(c.contractID);
        expect(row.contractNumber).toBe(c.contractNumber ?? '');
        expect(row.status).toBe(enumLabel(T[language], 'contractStatus', c.status as string));
        expect(row.buyerCode).toBe(String(obj(obj(c.buyer).identifier).id).trim());
        expect(row.supplierCode).toBe(suppliers.map((s) => String(obj(s.identifier).id).trim()).join('; '));
        expect(row.supplier.split('; ')).toHaveLength(suppliers.length);
        expect(row.amount).toBe(plain(obj(c.value).amount));
        expect(row.periodStart).toBe(formatDate(obj(c.period).startDate as string | undefined, language, true));
        expect(row.signed).toBe(formatDate(c.dateSigned as string | undefined, language));
        expect(row.tender).toBe(c.tenderID ?? c.tender_id);
        expect(row.link).toBe(`${ORIGIN}${language === 'en' ? '/en' : ''}/contracts/${c.contractID as string}`);
      });
    }
  });

  it('shows dates in Kyiv time, as the page does', () => {
    const one = { id: 'a'.repeat(32), tenderID: 'UA-2026-10-08-000001-a', dateCreated: '2026-10-07T22:30:00Z' };
    const [row] = byColumn('tenders', exportOf('tenders', [one], 'uk').rows);
    expect(row.published).toBe('08.10.2026, 01:30');
    const [rowEn] = byColumn('tenders', exportOf('tenders', [one], 'en').rows);
    expect(rowEn.published).toBe('08/10/2026, 01:30');
  });
});

describe('what a buyer comparing purchases reads: quantity, unit, winner, award and the price of one unit', () => {
  if (!haveData) {
    it.skip('needs the shared data (prozorro-mcp-demo and openprocurement-api examples)', () => {});
    return;
  }
  const rowsOf = (register: CsvRegister, members: unknown[], language: Language = 'uk') => byColumn(register, exportOf(register, members, language).rows);
  const example = (file: string) => member(tenderExamples.find(([f]) => f === file)?.[1] as Rec, 'tenders');

  it('writes a real one-winner tender\'s item, winner, award and price of one unit, in both languages', () => {
    const t = member((demoTenders ?? []).find((x) => x.tenderID === 'UA-2026-09-08-005638-a') as Rec, 'tenders');
    const [uk] = rowsOf('tenders', [t]);
    expect(uk).toMatchObject({
      quantity: '44', unit: 'послуга', unitCode: 'E48', winner: 'Львівська філія ТОВ Газорозподільні мережі України', winnerCode: '45204941',
      awardAmount: '263092.3', awardCurrency: 'UAH', awardVat: 'без ПДВ', unitPrice: '5979.37',
    });
    const [en] = rowsOf('tenders', [t], 'en');
    expect(en).toMatchObject({ quantity: '44', unit: 'service', unitCode: 'E48', awardVat: T.en('tender.vatExcluded'), unitPrice: '5979.37' });
  });

  it('writes every real tender\'s price of one unit as the unit-price module tells it, and its winners', () => {
    const tenders = (demoTenders ?? []).map((t) => member(t, 'tenders'));
    const rows = rowsOf('tenders', tenders);
    let priced = 0;
    tenders.forEach((t, i) => {
      const price = tenderUnitPrice(t);
      const winners = arr(t.awards).filter((a) => a.status === 'active');
      expect(rows[i].unitPrice, t.tenderID as string).toBe(price ? String(price.amount) : '');
      if (price) {
        priced += 1;
        expect(rows[i].quantity).toBe(String(price.quantity));
        expect(rows[i].awardAmount).toBe(String(obj(winners[0].value).amount));
        expect(rows[i].awardCurrency).toBe(price.currency);
      }
      const codes = [...new Set(winners.flatMap((a) => arr(a.suppliers).map((s) => String(obj(s.identifier).id).trim())))];
      expect(rows[i].winnerCode).toBe(codes.join('; '));
      if (!winners.length) expect([rows[i].winner, rows[i].awardAmount, rows[i].awardCurrency, rows[i].unitPrice]).toEqual(['', '', '', '']);
    });
    expect(priced).toBeGreaterThan(50);
  });

  it('sums winners of different lots in one currency, but not a framework\'s suppliers of one lot nor two currencies', () => {
    const [lots] = rowsOf('tenders', [example('aboveThreshold__complete.json')]);
    // Two lots of one item each, 500 грн each: two prices, so none in the row.
    expect(lots).toMatchObject({ awardAmount: '1000', awardCurrency: 'UAH', awardVat: 'без ПДВ', unitPrice: '', quantity: '', unit: '' });
    expect(lots.winner.split('; ').length).toBeGreaterThanOrEqual(1);
    const [framework] = rowsOf('tenders', [example('closeFrameworkAgreementUA__complete.json')]);
    expect(framework.winnerCode.split('; ').length).toBe(3);
    expect([framework.awardAmount, framework.awardCurrency, framework.unitPrice]).toEqual(['', '', '']);
    const [currencies] = rowsOf('tenders', [example('requestForProposal__complete.json')]);
    expect([currencies.awardAmount, currencies.awardCurrency, currencies.unitPrice]).toEqual(['', '', '']);
    // Two lots, one with VAT and one without: no sum of the two.
    const mixed = example('aboveThreshold__complete.json');
    const awards = arr(mixed.awards).map((a, i) => ({ ...a, value: { ...obj(a.value), valueAddedTaxIncluded: i === 0 } }));
    expect(rowsOf('tenders', [{ ...mixed, awards }])[0]).toMatchObject({ awardAmount: '', awardCurrency: '', awardVat: '' });
  });

  it('writes a contract\'s VAT, its one item\'s quantity and unit and its price of one unit', () => {
    const contracts = [
      ...contractExamples.map(([, c]) => c),
      ...(demoTenders ?? []).flatMap(deriveContracts),
    ].map((c) => member(c, 'contracts'));
    const rows = rowsOf('contracts', contracts);
    let priced = 0;
    contracts.forEach((c, i) => {
      const price = contractUnitPrice(c);
      const value = obj(c.value);
      expect(rows[i].vat).toBe(typeof value.valueAddedTaxIncluded === 'boolean' ? T.uk(value.valueAddedTaxIncluded ? 'tender.vatIncluded' : 'tender.vatExcluded') : '');
      expect(rows[i].quantity).toBe(plain(obj(c.item).quantity));
      expect(rows[i].unitCode).toBe(obj(obj(c.item).unit).code ?? '');
      expect(rows[i].unitPrice, c.contractID as string).toBe(price && price.currency === value.currency ? String(price.amount) : '');
      if (rows[i].unitPrice) priced += 1;
    });
    expect(priced).toBeGreaterThan(50);
    // A full contract of one item that states its unit's price: that price, in the contract's currency.
    const multicurrency = contracts.find((c) => c.contractID === contractExamples.find(([f]) => f === 'contract__active-multicurrency.json')?.[1].contractID);
    expect(rowsOf('contracts', [multicurrency])[0]).toMatchObject({ quantity: '1', unit: 'кг', unitCode: 'KGM', unitPrice: '5000', currency: 'USD' });
    // Several items: no one quantity, nor one price.
    expect(rowsOf('contracts', [member(contractExamples.find(([f]) => f === 'contract__active.json')?.[1] as Rec, 'contracts')])[0])
      .toMatchObject({ quantity: '', unit: '', unitPrice: '', amount: '280', vat: 'без ПДВ' });
  });

  it('names CPV codes in English with the classifier\'s names, and keeps the record\'s own without them', () => {
    const t = member((demoTenders ?? []).find((x) => x.tenderID === 'UA-2026-09-08-005638-a') as Rec, 'tenders');
    const context = { t: T.en, language: 'en' as const, origin: ORIGIN };
    const table = tableOf('tenders', [t, { ...t, items: [{ classification: { id: '50530000-9', description: 'Послуги', description_en: 'Own name' } }] }], context);
    // Only the code the record names only in Ukrainian is asked for.
    expect(cpvCodes(table)).toEqual(['50530000-9']);
    const named = withCpvNames(table, (id) => (id === '50530000-9' ? 'Repair and maintenance services of machinery' : undefined));
    const cpvAt = csvColumnKeys('tenders').indexOf('export.tenders.cpv');
    expect(named.map((row) => row[cpvAt])).toEqual(['50530000-9 Repair and maintenance services of machinery', '50530000-9 Own name']);
    const csv = parse(csvOfTable(named, 'en'), { record_delimiter: '\r\n' }) as string[][];
    expect(csv[0][cpvAt]).toBe('50530000-9 Repair and maintenance services of machinery');
    // A classifier with no name for it: the record's own, as the page.
    expect(withCpvNames(table, () => undefined)[0][cpvAt]).toBe('50530000-9 Послуги з ремонту і технічного обслуговування техніки');
    expect(JSON.parse(sheetOfTable(named).split('\n')[0])[cpvAt]).toBe('50530000-9 Repair and maintenance services of machinery');
    // In Ukrainian nothing is asked for.
    expect(cpvCodes(tableOf('tenders', [t], { ...context, t: T.uk, language: 'uk' }))).toEqual([]);
  });
});

describe('CSV fields', () => {
  const base = { id: '0123456789abcdef0123456789abcdef', tenderID: 'UA-2026-10-08-000001-a', status: 'complete' };

  it('quotes fields holding quotes, commas and line breaks, and reads back the same text', () => {
    const title = 'ТОВ "Ромашка", поставка\r\nпаперу\nта "картону"';
    const text = csvRows('tenders', [{ ...base, title }], { t: T.uk, language: 'uk', origin: ORIGIN });
    expect(text).toContain('"ТОВ ""Ромашка"", поставка\r\nпаперу\nта ""картону"""');
    expect(text.endsWith('\r\n')).toBe(true);
    const [row] = parse(text, { record_delimiter: '\r\n' }) as string[][];
    expect(row[2]).toBe(title);
    expect(row).toHaveLength(csvColumnKeys('tenders').length);
  });

  it('neutralises text a spreadsheet would run as a formula, but keeps numbers numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvField(`${start}SUM(A1:A9)`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvField('=HYPERLINK("http://evil.invalid","click")')).toBe('"\'=HYPERLINK(""http://evil.invalid"",""click"")"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('UA-2026')).toBe('UA-2026');
    const hostile = { ...base, title: '=cmd|" /C calc"!A0', value: { amount: -1.5, currency: 'UAH' }, procuringEntity: { name: '@SUM(1+1)' } };
    const [row] = byColumn('tenders', parse(csvRows('tenders', [hostile], { t: T.en, language: 'en', origin: ORIGIN }), { record_delimiter: '\r\n' }) as string[][]);
    expect(row.title).toBe(`'${hostile.title}`);
    expect(row.organizer).toBe("'@SUM(1+1)");
    expect(row.amount).toBe('-1.5');
  });

  it('leaves cells empty for what a member lacks and skips what is not a record', () => {
    const text = csvRows('contracts', [null, 'x', [], { id: 'c'.repeat(32), suppliers: [null], value: { currency: 'UAH' } }], {
      t: T.uk, language: 'uk', origin: ORIGIN,
    });
    const rows = parse(text, { record_delimiter: '\r\n' }) as string[][];
    expect(rows).toHaveLength(1);
    const [row] = byColumn('contracts', rows);
    expect(row.id).toBe('c'.repeat(32));
    expect(row.amount).toBe('');
    expect(row.currency).toBe('');
    expect(row.supplier).toBe('');
    expect(row.link).toBe(`${ORIGIN}/contracts/${'c'.repeat(32)}`);
    expect(csvRows('plans', [], { t: T.uk, language: 'uk', origin: ORIGIN })).toBe('');
  });
});

describe('the semicolon CSV and the sheet rows', () => {
  const tender = {
    id: 'd'.repeat(32),
    tenderID: 'UA-2026-10-08-000001-a',
    title: 'Ремонт; фарбування, "Київ"',
    value: { amount: 1234567.89, currency: 'UAH' },
    dateCreated: '2026-10-07T22:30:00Z',
    tenderPeriod: { startDate: '2026-10-08T00:00:00+03:00', endDate: '2026-10-15T10:00:00+03:00' },
    procuringEntity: { name: '=ТОВ', identifier: { id: '01234567' } },
  };

  it('writes what a comma-decimal spreadsheet opens by a double click: BOM, semicolons, decimal commas', () => {
    const text = csvHeader('tenders', T.uk, SEMICOLON) + csvRows('tenders', [tender], { t: T.uk, language: 'uk', origin: ORIGIN }, SEMICOLON);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, first] = parse(text, { bom: true, delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual(csvColumnKeys('tenders').map((k) => T.uk(k)));
    const row = Object.fromEntries(csvColumnKeys('tenders').map((k, i) => [k.split('.').pop() as string, first[i]]));
    expect(row.title).toBe(tender.title);
    expect(row.amount).toBe('1234567,89');
    expect(row.organizer).toBe("'=ТОВ");
    expect(row.deadline).toBe('15.10.2026, 10:00');
    // The default CSV keeps the decimal point and commas.
    const plainRow = parse(csvRows('tenders', [tender], { t: T.uk, language: 'uk', origin: ORIGIN }), { record_delimiter: '\r\n' }) as string[][];
    expect(plainRow[0]).toContain('1234567.89');
  });

  it('writes sheet rows of typed cells: numbers, Kyiv wall times, links, and text as it is', () => {
    const lines = (sheetHeader('tenders', T.en) + sheetRows('tenders', [tender, null], { t: T.en, language: 'en', origin: ORIGIN })).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const [header, cells] = lines.map((l) => JSON.parse(l) as unknown[]);
    expect(header).toEqual(csvColumnKeys('tenders').map((k) => T.en(k)));
    const at = (key: string) => cells[csvColumnKeys('tenders').indexOf(`export.tenders.${key}`)];
    // Money is marked as money: the workbook groups its thousands (`server/src/sheet.rs`).
    expect(at('amount')).toEqual({ money: 1234567.89 });
    expect(at('title')).toBe(tender.title);
    // No formula neutralising: a workbook cell written as text is never a formula.
    expect(at('organizer')).toBe('=ТОВ');
    expect(at('published')).toEqual({ date: '2026-10-08T01:30' });
    expect(at('deadline')).toEqual({ date: '2026-10-15T10:00' });
    expect(at('link')).toEqual({ url: `${ORIGIN}/en/tenders/${tender.tenderID}` });
    expect(at('region')).toBeNull();
    expect(kyivWallTime('2026-03-29T00:30:00Z', true)).toBe('2026-03-29T02:30');
    expect(kyivWallTime('2026-03-29T01:30:00Z', true)).toBe('2026-03-29T04:30');
    expect(kyivWallTime('2026-10-07T22:30:00Z', false)).toBe('2026-10-08');
  });

  it('fills the contract number from the record', () => {
    const contract = { id: 'e'.repeat(32), contractID: 'UA-2026-10-08-000001-a-c1', contractNumber: '№ 15/10-2026' };
    const [row] = byColumn('contracts', parse(csvRows('contracts', [contract], { t: T.uk, language: 'uk', origin: ORIGIN }), { record_delimiter: '\r\n' }) as string[][]);
    expect(row.contractNumber).toBe('№ 15/10-2026');
  });
});
