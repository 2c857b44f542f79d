import { describe, expect, it } from 'vitest';
import Search from './Search';
import { html, link, render, tr } from '../../components/test-utils';
import { tenderList, home, planList } from './route';
import { organisationCodeOf, recordOfKeyword } from './query';
import { CONTRACTS, PLANS, TENDERS } from '../../lib/filters';

const empty = { tenders: { ok: true as const, body: { 'hydra:member': [], 'hydra:totalItems': 0 } } };

describe('Search', () => {
  it('sends its form to the page of its own language (without JavaScript too)', () => {
    const en = render(<Search route={{ ...tenderList, path: 'tenders' }} />, { language: 'en', url: '/en/tenders', data: empty });
    expect(en).toMatch(/<form class="tender-list"[^>]*action="\/en\/tenders"/);
    const uk = render(<Search route={{ ...tenderList, path: 'tenders' }} />, { url: '/tenders', data: empty });
    expect(uk).toMatch(/<form class="tender-list"[^>]*action="\/tenders"/);
    // The home page's search lands on the tender list.
    const fromHome = render(<Search route={{ ...home, path: '' }} />, { language: 'en', url: '/en', data: empty });
    expect(fromHome).toMatch(/<form class="tender-list"[^>]*action="\/en\/tenders"/);
  });
});

describe('a keyword that is a record id', () => {
  const tender = { id: 'a'.repeat(32), tenderID: 'UA-2026-10-12-014102-a' };
  it('opens the record it names', () => {
    expect(recordOfKeyword(' UA-P-2026-10-12-017053-a ', TENDERS, [])).toBe('/plans/UA-P-2026-10-12-017053-a');
    expect(recordOfKeyword('UA-2026-10-12-013625-a-c1', PLANS, [])).toBe('/contracts/UA-2026-10-12-013625-a-c1');
    expect(recordOfKeyword('ua-2026-10-12-014102-a', TENDERS, [tender])).toBe('/tenders/UA-2026-10-12-014102-a');
    expect(recordOfKeyword('A'.repeat(32), TENDERS, [tender])).toBe('/tenders/UA-2026-10-12-014102-a');
    // The form, before searching: any id goes to its page.
    expect(recordOfKeyword('UA-2026-10-12-014102-a', TENDERS, null)).toBe('/tenders/UA-2026-10-12-014102-a');
  });
  it("leads a tender's id in the contracts search to the tender's contracts", () => {
    const contract = (n: number) => ({ id: `${n}`.repeat(32), contractID: `UA-2026-10-12-014102-a-c${n}`, tenderID: 'UA-2026-10-12-014102-a' });
    expect(recordOfKeyword('UA-2026-10-12-014102-a', CONTRACTS, [contract(1)])).toBe('/contracts/UA-2026-10-12-014102-a-c1');
    expect(recordOfKeyword('UA-2026-10-12-014102-a', CONTRACTS, [contract(1), contract(2)])).toBeNull();
    expect(recordOfKeyword('UA-2026-10-12-014102-a', CONTRACTS, [])).toBeNull();
    expect(recordOfKeyword('UA-2026-10-12-014102-a', CONTRACTS, null)).toBeNull();
    expect(recordOfKeyword('UA-2026-10-12-014102-a-c2', CONTRACTS, [contract(1), contract(2)])).toBe('/contracts/UA-2026-10-12-014102-a-c2');
    // A contract that names its tender only in its own id.
    expect(recordOfKeyword('UA-2026-10-12-014102-a', CONTRACTS, [{ id: 'c'.repeat(32), contractID: 'UA-2026-10-12-014102-a-c1' }])).toBe('/contracts/UA-2026-10-12-014102-a-c1');
  });
  it('searches for everything else, and for an id its own register did not find', () => {
    expect(recordOfKeyword('ліки', TENDERS, [tender])).toBeNull();
    expect(recordOfKeyword('UA-2026-10-12-999999-a', TENDERS, [tender])).toBeNull();
    expect(recordOfKeyword('a'.repeat(32), TENDERS, null)).toBeNull();
    expect(recordOfKeyword(undefined, TENDERS, [])).toBeNull();
  });
});

describe('a keyword search', () => {
  const route = { ...tenderList, path: 'tenders' };
  const tender = (extra: Record<string, unknown>) => ({
    id: 'b'.repeat(32),
    tenderID: 'UA-2026-10-12-014102-a',
    title: 'Капітальний ремонт покрівлі лікарні',
    description: 'Виконання робіт з капітального ремонту покрівлі будівлі лікарні № 3.',
    ...extra,
  });
  const answer = (members: unknown[], extra: Record<string, unknown> = {}) => ({
    tenders: { ok: true as const, body: { 'hydra:member': members, 'hydra:totalItems': members.length, ...extra } },
  });
  const page = (url: string, data: ReturnType<typeof answer>, language: 'uk' | 'en' = 'uk') => render(<Search route={route} />, { url, data, language });
  const title = (markup: string) => /<h3 class="tender-card-title">([\s\S]*?)<\/h3>/.exec(markup)?.[1].replace(/<\/?a[^>]*>/g, '') ?? '';
  const snippetOf = (markup: string) => /<p class="tender-card-snippet">([\s\S]*?)<\/p>/.exec(markup)?.[1] ?? null;
  /** The sort field's options as [value, label, selected]. */
  const sortOptions = (markup: string) => {
    const select = /<select name="sortOrder"[\s\S]*?<\/select>/.exec(markup)?.[0] ?? '';
    return [...select.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [m[1], m[3], !!m[2]]);
  };
  const repair = encodeURIComponent('ремонту');

  it("marks the record's own matched forms, whole words, and shows the upstream's snippet", () => {
    const match = { words: ['капітальний', 'лікарні'], snippet: '…робіт з капітального ремонту покрівлі будівлі лікарні № 3.' };
    const out = page(`/tenders?keyword=${encodeURIComponent('капітального лікарня')}`, answer([tender({ searchMatch: match })]));
    expect(title(out)).toBe('<mark>Капітальний</mark> ремонт покрівлі <mark>лікарні</mark>');
    expect(snippetOf(out)).toBe('…робіт з капітального ремонту покрівлі будівлі <mark>лікарні</mark> № 3.');
  });

  it("marks the keyword's words as word starts when the answer has no searchMatch", () => {
    const out = page(`/tenders?keyword=${encodeURIComponent('ремонт лік')}`, answer([tender({})]));
    expect(title(out)).toBe('Капітальний <mark>ремонт</mark> покрівлі <mark>лік</mark>арні');
    expect(snippetOf(out)).toContain('<mark>ремонт</mark>у покрівлі будівлі <mark>лік</mark>арні');
    // Without a keyword nothing is marked.
    expect(page('/tenders', answer([tender({})]))).not.toContain('<mark>');
  });

  it('offers relevance first with a keyword and shows it as the default; not without one', () => {
    const relevance = tr('uk', 'tenderList.sortOrders.relevance');
    const withKeyword = sortOptions(page(`/tenders?keyword=${repair}`, answer([])));
    expect(withKeyword[0]).toEqual(['', relevance, true]);
    expect(withKeyword.filter(([, , selected]) => selected)).toHaveLength(1);
    // The newest first is another order here: it has its own value.
    expect(withKeyword).toContainEqual(['dateCreated.desc', tr('uk', 'tenderList.sortOrders.dateCreated_desc'), false]);
    const chosen = sortOptions(page(`/tenders?keyword=${repair}&sortOrder=dateCreated.desc`, answer([])));
    expect(chosen.find(([, , selected]) => selected)).toEqual(['dateCreated.desc', tr('uk', 'tenderList.sortOrders.dateCreated_desc'), true]);
    const without = sortOptions(page('/tenders', answer([])));
    expect(without.map(([, label]) => label)).not.toContain(relevance);
    // Without a keyword the newest first is the default (an empty value: a keyword typed then gets relevance).
    expect(without[0]).toEqual(['', tr('uk', 'tenderList.sortOrders.dateCreated_desc'), true]);
    expect(sortOptions(page(`/en/tenders?keyword=${repair}`, answer([]), 'en'))[0]).toEqual(['', 'Relevance', true]);
  });

  it('says when the upstream corrected a typo and links the search as typed', () => {
    const typo = encodeURIComponent('ремнт покрівлі');
    const out = page(`/tenders?keyword=${typo}&status=complete&page=2`, answer([tender({})], { search: { corrected: 'ремонт покрівлі', sortOrder: 'relevance' } }));
    const notice = /<p class="notice search-corrected" role="status">([\s\S]*?)<\/p>/.exec(out)?.[1] ?? '';
    expect(notice).toContain(html(tr('uk', 'search.corrected', { corrected: 'ремонт покрівлі' })));
    expect(link(notice, tr('uk', 'search.exact', { keyword: 'ремнт покрівлі' })).href).toBe(`/tenders?keyword=${typo}&amp;exact=1&amp;status%5B0%5D=complete`);
    const en = page(`/en/tenders?keyword=${typo}`, answer([], { search: { corrected: 'ремонт покрівлі' } }), 'en');
    expect(en).toContain(html('Showing results for “ремонт покрівлі”.'));
    expect(link(en, tr('en', 'search.exact', { keyword: 'ремнт покрівлі' })).href).toBe(`/en/tenders?keyword=${typo}&amp;exact=1`);
    // Asked for exactly, or not corrected: no notice.
    expect(page(`/tenders?keyword=${typo}&exact=1`, answer([], { search: { corrected: 'ремонт покрівлі' } }))).not.toContain('search-corrected');
    expect(page(`/tenders?keyword=${typo}`, answer([], { search: { sortOrder: 'relevance' } }))).not.toContain('search-corrected');
  });

  it('says which Ukrainian words it searched for Russian ones, and links the search as typed', () => {
    const russian = encodeURIComponent('моющие средства');
    const out = page(`/tenders?keyword=${russian}`, answer([tender({})], { search: { translated: 'миючий засіб', sortOrder: 'relevance' } }));
    const notice = /<p class="notice search-corrected" role="status">([\s\S]*?)<\/p>/.exec(out)?.[1] ?? '';
    expect(notice).toContain(html(tr('uk', 'search.translated', { translated: 'миючий засіб', keyword: 'моющие средства' })));
    expect(notice).toContain('«миючий засіб»');
    expect(link(notice, tr('uk', 'search.exact', { keyword: 'моющие средства' })).href).toBe(`/tenders?keyword=${russian}&amp;exact=1`);
  });
});

describe('an organisation code typed with its label', () => {
  it('is read as the code, ЄДРПОУ or РНОКПП, and nothing else is', () => {
    expect(organisationCodeOf('ЄДРПОУ 14321498')).toBe('14321498');
    expect(organisationCodeOf('код: 14321498')).toBe('14321498');
    expect(organisationCodeOf('РНОКПП 1234567890')).toBe('1234567890');
    expect(organisationCodeOf(' 14321498 ')).toBe('14321498');
    expect(organisationCodeOf('ЄДРПОУ 1432149')).toBe('');
    expect(organisationCodeOf('ремонт 14321498')).toBe('');
  });
});

describe('the CPV picker of a search', () => {
  it('labels a chosen code by its description when the lookup left its name blank (SPEC §3)', () => {
    const labels = {
      'hydra:member': [
        { id: '03110000-5', name: '', description: 'Сільськогосподарські культури' },
        { id: '45000000-7', name: '', description: '45000000-7' },
      ],
    };
    const out = render(<Search route={{ ...tenderList, path: 'tenders' }} />, {
      url: '/tenders?classification[0]=03110000-5&classification[1]=45000000-7',
      data: { ...empty, 'labels.classification': { ok: true as const, body: labels } },
    });
    const chosen = /<ul class="picker-chosen">(.*?)<\/ul>/.exec(out)![1]!;
    expect(chosen).toContain('<span class="picker-id">03110000-5</span><span class="picker-label">Сільськогосподарські культури</span>');
    // A description that is only the code again: the code alone, no empty name.
    expect(chosen).toMatch(/<span class="picker-id">45000000-7<\/span><\/label>/);
  });
});

describe('deadlines first', () => {
  const route = { ...tenderList, path: 'tenders' };
  const NOW = Date.parse('2026-10-12T12:00:00+03:00');
  const member = (id: string, endDate?: string, status = 'active.tendering') => ({
    id: id.repeat(32),
    tenderID: `UA-2026-10-0${id === 'a' ? 1 : 2}-000001-a`,
    title: 'Поточний ремонт дороги',
    status,
    ...(endDate ? { tenderPeriod: { startDate: '2026-10-01T00:00:00+03:00', endDate } } : {}),
  });
  const data = (members: unknown[]) => ({ tenders: { ok: true as const, body: { 'hydra:member': members, 'hydra:totalItems': members.length } } });
  const cards = (markup: string) => [...markup.matchAll(/<li class="tender-card">([\s\S]*?)<\/li>/g)].map((m) => m[1]);

  it('shows every card its submission deadline and the time left, or that it passed', () => {
    const markup = render(<Search route={route} />, {
      url: '/tenders',
      now: NOW,
      data: data([member('a', '2026-10-15T10:00:00+03:00'), member('b', '2026-10-12T11:59:00+03:00', 'complete')]),
    });
    const [open, closed] = cards(markup);
    expect(open).toContain('<dt>Подання пропозицій до</dt><dd><time dateTime="2026-10-15T10:00:00+03:00">15.10.2026, 10:00</time>');
    expect(open).toContain('<span class="deadline-note deadline-left">залишилось 2 дні 22 год</span>');
    expect(closed).toContain('<span class="deadline-note deadline-passed">строк минув</span>');
    const en = render(<Search route={route} />, { language: 'en', url: '/en/tenders', now: NOW, data: data([member('a', '2026-10-12T12:30:00+03:00')]) });
    expect(en).toContain('<dt>Bids due</dt>');
    expect(en).toContain('<span class="deadline-note deadline-left">30 min left</span>');
  });

  it('offers "accepting bids now" and the nearest deadline first, which a GET form sends without JavaScript', () => {
    const markup = render(<Search route={route} />, { url: '/tenders?acceptingBids=true&sortOrder=tenderPeriodEnd.asc', data: data([]) });
    expect(markup).toContain('<input type="checkbox" name="acceptingBids" checked="" value="true"/>');
    expect(markup).toMatch(/<option value="tenderPeriodEnd.asc" selected="">Найближчий кінцевий строк подання<\/option>/);
    const plans = render(<Search route={{ ...planList, path: 'plans' }} />, { url: '/plans', data: { plans: data([]).tenders } });
    expect(plans).not.toContain('acceptingBids');
    expect(plans).not.toContain('tenderPeriodEnd');
  });
});

describe('English means English on the cards', () => {
  const route = { ...tenderList, path: 'tenders' };
  const member = {
    id: 'c'.repeat(32),
    tenderID: 'UA-2026-10-12-000001-a',
    title: 'Монтажні коробки',
    items: [{ classification: { id: '31230000-7', description: 'Частини розподільних і контрольних апаратів' } }, { classification: { id: '44830000-7', description: 'Мастики' } }],
  };
  const data = (names: unknown[]) => ({
    tenders: { ok: true as const, body: { 'hydra:member': [member], 'hydra:totalItems': 1 } },
    cpvNames: { ok: true as const, body: { 'hydra:member': names } },
  });
  const cpvOf = (markup: string) => /<dt>CPV \(DK 021:2015\)<\/dt><dd>([^<]*)<\/dd>/.exec(markup)?.[1];

  it('names the CPV code in English from the classifier, Ukrainian as the fallback', () => {
    const en = render(<Search route={route} />, { language: 'en', url: '/en/tenders', data: data([{ id: '31230000-7', name_en: 'Parts of distribution or control apparatus' }]) });
    expect(cpvOf(en)).toBe('31230000-7 Parts of distribution or control apparatus');
    const fallback = render(<Search route={route} />, { language: 'en', url: '/en/tenders', data: data([]) });
    expect(cpvOf(fallback)).toBe('31230000-7 Частини розподільних і контрольних апаратів');
  });
});
