/**
 * The red-flags section of the tender page: what the server's assessment says, worded in
 * both languages, with links to the rows of the record that hold the evidence.
 */
import { describe, expect, it } from 'vitest';
import { render, translations } from '../../components/test-utils';
import type { Language } from '../../contract';
import type { PageRoute } from '../../lib/routeModule';
import type { Assessment } from '../../records/redFlags';
import Tender from './Tender';

const route = { name: 'tender', path: 'tenders/:id/*', page: Tender } as PageRoute;

const tender = {
  id: 'a'.repeat(32),
  tenderID: 'UA-2026-09-01-000001-a',
  title: 'Ремонт покрівлі',
  status: 'complete',
  procurementMethodType: 'aboveThreshold',
  bids: [
    { id: 'b1', status: 'active', tenderers: [{ name: 'ТОВ «Перший»', identifier: { id: '11111111' } }], value: { amount: 120000, currency: 'UAH' } },
    { id: 'b2', status: 'active', tenderers: [{ name: 'ТОВ «Другий»', identifier: { id: '22222222' } }], value: { amount: 141600, currency: 'UAH' } },
  ],
  awards: [
    { id: 'aw1', bid_id: 'b1', status: 'unsuccessful', date: '2026-09-20T10:00:00+03:00', value: { amount: 120000, currency: 'UAH' }, suppliers: [{ name: 'ТОВ «Перший»' }] },
    { id: 'aw2', bid_id: 'b2', status: 'active', date: '2026-09-25T10:00:00+03:00', value: { amount: 141600, currency: 'UAH' }, suppliers: [{ name: 'ТОВ «Другий»' }] },
  ],
};

/** In the shape `indicators::assess` serialises. */
const assessment: Assessment = {
  outcomes: [
    { code: 'R003', verdict: 'clear', evidence: { startDate: '2026-08-01T00:00:00+03:00', endDate: '2026-08-20T00:00:00+03:00', calendarDays: 19, dayKind: 'calendar', minimumDays: 7, method: 'aboveThreshold' } },
    { code: 'R018', verdict: 'clear' },
    { code: 'R024', verdict: 'notApplicable', reason: 'noUsableFence' },
    { code: 'R028', verdict: 'clear' },
    { code: 'R030', verdict: 'notApplicable', reason: 'noBidDates' },
    { code: 'R035', verdict: 'clear' },
    {
      code: 'R036',
      verdict: 'raised',
      evidence: {
        lowest: { bidId: 'b1', amount: 120000, currency: 'UAH', tenderer: 'ТОВ «Перший»', tendererId: '11111111', disqualified: true, disqualifiedAwardId: 'aw1', disqualifiedOn: '2026-09-20T10:00:00+03:00' },
        winner: { bidId: 'b2', awardId: 'aw2', amount: 141600, currency: 'UAH', tenderer: 'ТОВ «Другий»', tendererId: '22222222' },
        percentAbove: 18,
      },
    },
    { code: 'R038', verdict: 'raised', evidence: { submitted: 2, disqualified: 1, ratio: 0.5, fence: 0, disqualifiedBids: [{ bidId: 'b1', tenderer: 'ТОВ «Перший»', awardId: 'aw1' }] } },
    { code: 'R058', verdict: 'notApplicable', reason: 'winnerNotLowest' },
  ],
};

function page(language: Language, redFlags?: Assessment): string {
  const data = { tender: { ok: true as const, body: tender }, ...(redFlags ? { redFlags: { ok: true as const, body: redFlags } } : {}) };
  return render(<Tender route={route} />, { language, url: `${language === 'en' ? '/en' : ''}/tenders/x`, data });
}

/** The red-flags section's markup alone. */
const section = (markup: string) => markup.slice(markup.indexOf('<section id="redFlags"'), markup.indexOf('</section>', markup.indexOf('<section id="redFlags"')));

describe('the red flags of a tender', () => {
  it('names each raised flag, explains it and gives its evidence with links to the record', () => {
    const markup = page('uk', assessment);
    const redFlags = section(markup);
    expect(redFlags).toContain('Червоні прапорці');
    expect(redFlags).toContain('R036 · Дискваліфіковано найнижчу пропозицію');
    expect(redFlags).toContain('Найнижчу пропозицію (120\u00a0000,00 грн, ТОВ «Перший») дискваліфіковано 20.09.2026');
    expect(redFlags).toContain('на 18 % дорожчу (141\u00a0600,00 грн, ТОВ «Другий»)');
    expect(redFlags).toContain('href="#award-aw1"');
    expect(redFlags).toContain('href="#bid-b1"');
    expect(redFlags).toContain('href="#award-aw2"');
    expect(redFlags).toContain('Дискваліфіковано 1 з 2 пропозицій (50 %).');
    expect(redFlags).toContain('href="/info/red-flags#r036"');
    // The rows linked to are there.
    expect(markup).toContain('id="award-aw1"');
    expect(markup).toContain('id="bid-b1"');
    // Checked and not raised, and not applicable with why.
    expect(redFlags).toContain('Перевірено, не піднято');
    expect(redFlags).toContain('R018 · Одна пропозиція');
    expect(redFlags).toContain('у пропозиціях немає дат подання');
    expect(redFlags).toContain('привід придивитися уважніше, а не висновок');
    // Listed in the contents.
    expect(markup).toMatch(/<a href="#redFlags"[^>]*>Червоні прапорці</);
  });

  it('reads in English under /en', () => {
    const redFlags = section(page('en', assessment));
    expect(redFlags).toContain('R036 · Lowest bid disqualified');
    expect(redFlags).toContain('The lowest bid (120\u00a0000.00 UAH by ТОВ «Перший») was disqualified');
    expect(redFlags).toContain('the award went to a bid 18 % higher');
    expect(redFlags).toContain('href="/en/info/red-flags#r036"');
    expect(redFlags).toContain('the bids carry no submission dates');
  });

  it('words the limit of a flag measured against other tenders, never as "the fence is 0 %", and links its method', () => {
    const evidence = (markup: string, code: string) => {
      const item = markup.slice(markup.indexOf(`id="red-flag-${code}"`));
      return item.slice(0, item.indexOf('</li>'));
    };
    // R038 with the snapshot's limit of 0: any disqualification counts.
    const uk = evidence(section(page('uk', assessment)), 'r038');
    expect(uk).toContain('тож межа — 0 %, і прапорець піднімає будь-яка дискваліфікація в тендері щонайменше з двома пропозиціями');
    expect(uk).toMatch(/<a href="\/info\/red-flags#r038"[^>]*>Як обчислено межу<\/a>/);
    const en = evidence(section(page('en', assessment)), 'r038');
    expect(en).toContain('1 of 2 bids were disqualified (50 %). The share of disqualified bids is compared with other tenders');
    expect(en).toContain('any disqualification in a tender with at least two bids raises the flag');
    expect(en).toMatch(/<a href="\/en\/info\/red-flags#r038"[^>]*>How the limit is worked out<\/a>/);
    // A positive limit: the share at or over it, in words.
    const positive: Assessment = {
      outcomes: [
        { code: 'R038', verdict: 'raised', evidence: { submitted: 4, disqualified: 2, ratio: 0.5, fence: 0.25 } },
        {
          code: 'R058',
          verdict: 'raised',
          evidence: {
            winner: { bidId: 'b1', awardId: 'aw2', amount: 100000, currency: 'UAH', tenderer: 'ТОВ «Перший»' },
            secondLowest: { bidId: 'b2', amount: 141600, currency: 'UAH', tenderer: 'ТОВ «Другий»' },
            difference: 0.416,
            fence: 0.24843576177677112,
          },
        },
      ],
    };
    const ukPositive = section(page('uk', positive));
    expect(evidence(ukPositive, 'r038')).toContain('Прапорець піднімається, коли дискваліфіковано 25 % поданих пропозицій або більше');
    expect(evidence(ukPositive, 'r058')).toContain('на 41,6 % дорожча за переможну');
    expect(evidence(ukPositive, 'r058')).toContain('коли друга найнижча пропозиція дорожча за переможну на 24,8 % або більше');
    expect(evidence(ukPositive, 'r058')).toContain('href="/info/red-flags#r058"');
    const enPositive = section(page('en', positive));
    expect(evidence(enPositive, 'r038')).toContain('The flag is raised when 25 % or more of the bids submitted are disqualified');
    expect(evidence(enPositive, 'r058')).toContain('The flag is raised when the second-lowest bid is 24.8 % or more above the winning one');
    // No jargon left in any evidence or reason, in either language.
    for (const markup of [ukPositive, enPositive, section(page('uk', assessment)), section(page('en', assessment))]) {
      expect(markup).not.toMatch(/fence|IQR|квартил|Q[13]\b/i);
    }
    // Nor in any evidence or reason the translations hold, shown or not.
    for (const language of ['uk', 'en'] as const) {
      const { evidence: texts, reasons } = translations[language].redFlags as unknown as Record<string, Record<string, string>>;
      for (const text of [...Object.values(texts), ...Object.values(reasons)]) expect(text.replace(/{{\w+}}/g, '')).not.toMatch(/fence|IQR|квартил|Q[13]\b/i);
    }
  });

  it('says when none is raised, and has no section without an assessment', () => {
    const clear: Assessment = { outcomes: assessment.outcomes.map((o) => (o.verdict === 'raised' ? { code: o.code, verdict: 'clear' } : o)) };
    expect(section(page('uk', clear))).toContain('Жодного прапорця не піднято.');
    const none = page('uk');
    expect(none).not.toContain('id="redFlags"');
    expect(page('uk', { outcomes: 'x' } as unknown as Assessment)).not.toContain('id="redFlags"');
  });
});
