/**
 * The export of a price page's group, step by step through the bundle's machine entry
 * (as the server runs it): which addresses name one, the upstream pages it asks for and
 * when it stops, the header once, a row per price in the contract's shape
 * (`pages/Prices/fixtures/prices.json`), CSV read back field by field, the semicolon
 * style's decimal commas, and a workbook's typed cells.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { translations } from '../components/test-utils';
import fixture from '../pages/Prices/fixtures/prices.json';
import { machineStep } from './index';
import { PRICE_PAGE } from './prices';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const instances = { uk: createI18n('uk', resources), en: createI18n('en', resources) };
const ORIGIN = 'https://portal.test';
const GROUP = 'unit=H87&currency=UAH&valueAddedTaxIncluded=true';

interface StepOut {
  status: number;
  filename?: string;
  contentType?: string;
  sheet?: string;
  next?: { path: string } | null;
  state?: unknown;
}

/** One step of the document at `url`: its step and its text. */
function step(url: string, state: unknown = null, answer?: unknown): [StepOut, string] {
  const request = { url, config: { features: { testMode: false }, publicOrigin: `${ORIGIN}/` }, now: '2026-10-12T10:00:00Z', state };
  const [meta, text] = machineStep(JSON.stringify(request), answer === undefined ? undefined : JSON.stringify(answer), instances);
  return [JSON.parse(meta) as StepOut, text];
}

/** The whole document at `url`, the upstream answering each page with `pages[n - 1]`. */
function run(url: string, pages: Array<{ data: unknown[]; total: number }>): { steps: StepOut[]; text: string; asked: string[] } {
  const steps: StepOut[] = [];
  const asked: string[] = [];
  let [current, text] = step(url);
  while (current.next) {
    asked.push(current.next.path);
    const page = Number(new URL(current.next.path, ORIGIN).searchParams.get('page'));
    const [next, more] = step(url, current.state, pages[page - 1]);
    steps.push(next);
    text += more;
    current = next;
  }
  return { steps, text, asked };
}

/** RFC 4180 fields of a CSV text (quotes, doubled quotes, separators and line breaks inside). */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

const observations = fixture.groups[0].recent;

describe('a price group\'s export', () => {
  it('is no document without a well-formed code and the group\'s unit, currency and VAT flag', () => {
    for (const url of [
      '/prices/3314.csv?' + GROUP,
      '/prices/33140000.csv',
      '/prices/33140000.csv?unit=H87&currency=UAH',
      '/prices/33140000.csv?unit=H87&currency=UAH&valueAddedTaxIncluded=maybe',
      '/prices/33140000.ocds.json?' + GROUP,
    ]) {
      expect(step(url)[0].status, url).toBe(404);
    }
  });

  it('asks the upstream for the group\'s rows with the page\'s filters, page by page, and stops after the last', () => {
    const url = `/prices/33140000-3.csv?dateFrom=2026-01-01&region=&${GROUP}`;
    const total = PRICE_PAGE * 2 + 1;
    const { asked, steps } = run(url, [{ data: observations, total }, { data: observations, total }, { data: observations.slice(0, 1), total }]);
    expect(asked).toEqual([1, 2, 3].map((page) => `/api/prices/33140000-3/awards?unit=H87&dateFrom=2026-01-01&currency=UAH&valueAddedTaxIncluded=true&page=${page}&per_page=${PRICE_PAGE}`));
    expect(steps[0]).toMatchObject({ status: 200, contentType: 'text/csv; charset=utf-8; header=present', filename: 'prices-33140000_unit-H87_dateFrom-2026-01-01_currency-UAH_valueAddedTaxIncluded-true_2026-10-12.csv' });
    // An empty page ends it too, whatever the total said.
    expect(run(url, [{ data: observations, total }, { data: [], total }]).asked).toHaveLength(2);
  });

  it('writes the header once and a row per price, which read back as the upstream\'s', () => {
    const { text } = run(`/prices/33140000.csv?${GROUP}`, [{ data: observations, total: observations.length }]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header.slice(0, 3)).toEqual(['Дата', 'Закупівля', 'Предмет закупівлі']);
    expect(rows).toHaveLength(observations.length);
    const col = (name: string) => header.indexOf(name);
    rows.forEach((row, i) => {
      const o = observations[i];
      expect(row[col('Закупівля')]).toBe(o.tenderID);
      expect(Number(row[col('Ціна за одиницю')])).toBe(o.amount);
      expect(Number(row[col('Кількість')])).toBe(o.quantity);
      expect(Number(row[col('Сума')])).toBe(o.total);
      expect(row[col('Код замовника')]).toBe(o.buyer.id);
      expect(row[col('Код одиниці')]).toBe('H87');
      expect(row[col('Викид')]).toBe(o.outlier === 'high' ? 'викид: понад верхню межу' : '');
      expect(row[col('Посилання')]).toBe(`${ORIGIN}/tenders/${o.tenderID}`);
      expect(row[col('Як отримано')]).toBe(o.basis === 'stated' ? 'ціна одиниці з договору' : 'сума ÷ кількість');
    });
  });

  it('writes decimal commas in the semicolon style, English labels and links under /en', () => {
    const semicolon = run(`/prices/33140000.semicolon.csv?${GROUP}`, [{ data: observations, total: observations.length }]).text;
    const rows = parseCsv(semicolon.slice(1), ';');
    expect(rows[1][rows[0].indexOf('Ціна за одиницю')]).toBe('12,35');
    const en = parseCsv(run(`/en/prices/33140000.csv?${GROUP}`, [{ data: observations, total: observations.length }]).text.slice(1));
    expect(en[0]).toContain('Unit price');
    expect(en[1][en[0].indexOf('Link')]).toBe(`${ORIGIN}/en/tenders/${observations[0].tenderID}`);
  });

  it('gives a workbook its sheet and typed cells', () => {
    const { steps, text } = run(`/prices/33140000.xlsx?${GROUP}`, [{ data: observations, total: observations.length }]);
    expect(steps[0].sheet).toBe('Ціни');
    const [header, first] = text.trim().split('\n').map((line) => JSON.parse(line) as unknown[]);
    const at = (name: string) => first[header.indexOf(name)];
    expect(at('Ціна за одиницю')).toEqual({ money: observations[0].amount });
    expect(at('Дата')).toEqual({ date: '2026-09-10' });
    expect(at('Посилання')).toEqual({ url: `${ORIGIN}/tenders/${observations[0].tenderID}` });
  });

  it('skips rows that are not objects, and a malformed answer gives an empty file, not a failure', () => {
    const { text } = run(`/prices/33140000.csv?${GROUP}`, [{ data: [null, 5, observations[0]], total: 3 }]);
    expect(parseCsv(text.slice(1))).toHaveLength(2);
    const [first] = step(`/prices/33140000.csv?${GROUP}`);
    const [broken, brokenText] = step(`/prices/33140000.csv?${GROUP}`, first.state, { error: 'x' });
    expect(broken.status).toBe(200);
    expect(broken.next).toBeNull();
    expect(parseCsv(brokenText.slice(1))).toHaveLength(1);
  });
});
