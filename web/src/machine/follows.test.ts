/**
 * A follower's e-mail of changes: only with the round the job carries; its subject
 * (what changed, on one line, nothing the buyer typed but the record's key), its text (a
 * block per record, a line and a link per event, the links to stop following) and the
 * address that stops every follow.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { translations } from '../components/test-utils';
import type { Language } from '../contract';
import type { RecordEvent } from '../records/events';
import { TENDER_ID, TENDER_KEY, ev } from '../records/testEvents';
import { followsMail, followsMailOf, headline, type FollowsMailState } from './follows';
import { machineStep } from './index';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const instances = { uk: createI18n('uk', resources), en: createI18n('en', resources) };
const ORIGIN = 'https://portal.test';

const extended = ev({ type: 'period', period: 'tenderPeriod', from: '2026-12-12T10:00:00+02:00', to: '2026-12-19T10:00:00+02:00', extended: true }, 'tenders', '2026-12-06T09:00:00+02:00');
const question = ev({ type: 'questionAsked', id: 'q1', title: 'Чи можна замінити матеріал?' }, 'tenders', '2026-12-05T10:00:00+02:00');
const item = (events: RecordEvent[], extra: Partial<FollowsMailState['follows']['items'][number]> = {}) =>
  ({ register: 'tenders' as const, key: TENDER_KEY, title: 'Ремонт даху школи', target: TENDER_ID, unsubscribe: 'item/token+1', events, ...extra });

/** The mail as the job gets it: the first step's text, by the bundle's entry. */
function mail(follows: FollowsMailState['follows'] | null, language: Language = 'uk') {
  const request = { url: `${language === 'en' ? '/en' : ''}/follows.mail`, config: { features: { testMode: false }, publicOrigin: `${ORIGIN}/` }, now: '2026-12-20T10:00:00Z', state: follows && { follows } };
  const [meta, text] = machineStep(JSON.stringify(request), undefined, instances);
  return { step: JSON.parse(meta), mail: text ? JSON.parse(text) : null };
}

describe("a follower's e-mail of changes", () => {
  it('is no document without the round only the job carries', () => {
    expect(mail(null).step.status).toBe(404);
    expect(followsMailOf({ follows: { unsubscribe: 1, items: [] } })).toBeNull();
    expect(followsMailOf({ alert: {} })).toBeNull();
  });

  it('answers at once, from the state alone', () => {
    const { step } = mail({ unsubscribe: 'all', items: [item([question])] });
    expect(step).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(step.next).toBeUndefined();
    expect(followsMail.step).toBeTypeOf('function');
  });

  it("names one record's weightiest change in the subject, and how many more", () => {
    expect(mail({ unsubscribe: 'all', items: [item([question, extended])] }).mail.subject).toBe(`${TENDER_KEY}: продовжено строк подання пропозицій і ще 1 зміна`);
    expect(mail({ unsubscribe: 'all', items: [item([question])] }).mail.subject).toBe(`${TENDER_KEY}: нове запитання`);
    expect(mail({ unsubscribe: 'all', items: [item([question, extended, question, question, question, question])] }, 'en').mail.subject)
      .toBe(`${TENDER_KEY}: bid deadline extended and 5 more changes`);
    expect(headline([extended, question])).toBe(extended);
    const buyer = item([ev({ type: 'created', title: 'Папір' }, 'plans')], { register: 'buyers', key: '12345678', title: 'Школа № 1' });
    expect(mail({ unsubscribe: 'all', items: [buyer] }).mail.subject).toBe('Замовник 12345678: оприлюднено план');
  });

  it('says how many records changed when there are several, on one line whatever the records hold', () => {
    const other = item([question], { key: 'UA-2026-12-01-000002-a\r\nBcc: x@evil.test', unsubscribe: 't2' });
    expect(mail({ unsubscribe: 'all', items: [item([extended]), other, item([], { key: 'UA-quiet' })] }).mail.subject).toBe('Зміни в 2 записах, за якими ви стежите');
    const alone = mail({ unsubscribe: 'all', items: [other] }).mail.subject;
    expect(alone).not.toMatch(/[\r\n]/);
    expect(alone).toBe('UA-2026-12-01-000002-a Bcc: x@evil.test: нове запитання');
  });

  it('lists each record with its link, each change with its date, line and link, and the links to stop following', () => {
    const { mail: m } = mail({ unsubscribe: 'all/tok', items: [item([question, extended]), item([], { key: 'UA-quiet' })] });
    expect(m.unsubscribe).toBe(`${ORIGIN}/follow/unsubscribe?token=all%2Ftok`);
    expect(m.text).toBe([
      'Зміни в записах, за якими ви стежите на порталі «Публічні закупівлі» (час київський):',
      '',
      `Закупівля ${TENDER_KEY}: Ремонт даху школи`,
      `${ORIGIN}/tenders/${TENDER_KEY}`,
      '',
      '05.12.2026, 10:00 — Нове запитання: «Чи можна замінити матеріал?»',
      `${ORIGIN}/tenders/${TENDER_KEY}#question-q1`,
      '',
      '06.12.2026, 09:00 — Строк подання пропозицій продовжено: з 12.12.2026, 10:00 до 19.12.2026, 10:00',
      `${ORIGIN}/tenders/${TENDER_KEY}#timeline`,
      '',
      `Не стежити за цим: ${ORIGIN}/follow/unsubscribe?token=item%2Ftoken%2B1`,
      '',
      `Відписатися від усіх листів про зміни: ${ORIGIN}/follow/unsubscribe?token=all%2Ftok`,
      `Керувати підписками: ${ORIGIN}/icabinet#follows`,
      '',
    ].join('\n'));
  });

  it("says how many of a daily follow's changes it does not list, and where to read them all", () => {
    const { mail: m } = mail({ unsubscribe: 'all', items: [item([question, extended], { more: 12 })] });
    expect(m.text).toContain(
      `#timeline\n\n…і ще 12 змін, які лист не вмістив; усі зміни: ${ORIGIN}/tenders/${TENDER_KEY}#history\n\nНе стежити за цим:`,
    );
    expect(m.subject).toBe(`${TENDER_KEY}: продовжено строк подання пропозицій і ще 13 змін`);
    const buyer = item([], { register: 'buyers', key: '12345678', title: 'Школа № 1', more: 1 });
    const { mail: counted } = mail({ unsubscribe: 'all', items: [buyer] }, 'en');
    expect(counted.text).toContain(`…and 1 more change this e-mail does not list; every change: ${ORIGIN}/en/buyers/12345678\n`);
    expect(counted.subject).toBe('Changes to 1 record you follow');
    // What is not a count is none.
    for (const more of [-3, 1.5, '7', null]) {
      expect(mail({ unsubscribe: 'all', items: [item([question], { more } as never)] }).mail.text, String(more)).not.toContain('…і ще');
    }
  });

  it('writes English under /en, and keeps each change on its line', () => {
    const broken = ev({ type: 'questionAnswered', id: 'q2', title: 'Line\nbreak', answer: 'Yes.\r\nVisit https://evil.test' });
    const { mail: m } = mail({ unsubscribe: 'all', items: [item([broken], { title: 'Roof\nrepair' })] }, 'en');
    expect(m.text).toContain(`Tender ${TENDER_KEY}: Roof repair\n${ORIGIN}/en/tenders/${TENDER_KEY}\n`);
    expect(m.text).toContain('— Answer to the question “Line break”: Yes. Visit https://evil.test\n');
    expect(m.text).toContain(`Manage your subscriptions: ${ORIGIN}/en/icabinet#follows`);
    expect(m.unsubscribe).toBe(`${ORIGIN}/en/follow/unsubscribe?token=all`);
  });
});
