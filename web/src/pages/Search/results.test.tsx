/**
 * The result cards name the red flags each tender raises (issue 46, a journalist
 * following a flag): by the methodology's short names, each linked to its part of it.
 */
import { describe, expect, it } from 'vitest';
import Search from './Search';
import { render } from '../../components/test-utils';
import { tenderList } from './route';

const route = { ...tenderList, path: 'tenders' };
const member = (n: number, redFlags?: unknown) => ({
  id: String(n).repeat(32),
  tenderID: `UA-2026-10-0${n}-000001-a`,
  title: 'Поточний ремонт дороги',
  status: 'complete',
  ...(redFlags === undefined ? {} : { redFlags }),
});
const data = (members: unknown[]) => ({ tenders: { ok: true as const, body: { 'hydra:member': members, 'hydra:totalItems': members.length } } });
const cards = (markup: string) => [...markup.matchAll(/<li class="tender-card">([\s\S]*?)<\/li>/g)].map((m) => m[1]);
/** The card's red-flags row: its term and value. */
const flagsRow = (card: string) => /<dt>(Червоні прапорці|Red flags)<\/dt><dd>([\s\S]*?)<\/dd>/.exec(card)?.[2];

describe('a tender card', () => {
  it('names each red flag the tender raises, in the methodology order, linked to its part of the methodology', () => {
    const markup = render(<Search route={route} />, {
      url: '/tenders?redFlag%5B0%5D=R018',
      data: data([member(1, ['R038', 'R018']), member(2, ['R018']), member(3, []), member(4), member(5, ['R999', 'R018', 'R018', 7])]),
    });
    const [both, one, none, absent, odd] = cards(markup).map(flagsRow);
    expect(both).toBe(
      '<span><a href="/info/red-flags#r018">R018 · Одна пропозиція</a></span>' +
      '<span>; <a href="/info/red-flags#r038">R038 · Надмірна частка дискваліфікацій</a></span>',
    );
    expect(one).toBe('<span><a href="/info/red-flags#r018">R018 · Одна пропозиція</a></span>');
    // None raised, or a search service that does not say: no row.
    expect(none).toBeUndefined();
    expect(absent).toBeUndefined();
    // A code the portal has no name for, a repeat, a value that is no code: left out.
    expect(odd).toBe('<span><a href="/info/red-flags#r018">R018 · Одна пропозиція</a></span>');
  });

  it('names them in English under /en, linked to the English methodology', () => {
    const markup = render(<Search route={route} />, { language: 'en', url: '/en/tenders', data: data([member(1, ['R036'])]) });
    expect(flagsRow(cards(markup)[0])).toBe('<span><a href="/en/info/red-flags#r036">R036 · Lowest bid disqualified</a></span>');
  });
});
