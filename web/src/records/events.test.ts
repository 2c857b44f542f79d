/**
 * The one line of every type of change event, in both languages, with its values; the
 * part of the record's page each links to; its address; and the readers of the answers.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { translations } from '../components/test-utils';
import type { Language } from '../contract';
import { eventAnchor, eventHref, eventInstant, eventLine, eventUrl, followStatusOf, followsOf, followTokenOutcomeOf, historyOf, TEXT_MAX, type Change } from './events';
import { EVERY_TYPE, TENDER_KEY, ev } from './testEvents';
import { formatter } from './parts';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const format = (language: Language) => formatter(createI18n(language, resources).getFixedT(language, 'dzo'), language);
const line = (event: Parameters<typeof eventLine>[0], language: Language = 'uk') => eventLine(event, format(language).t, format(language));

/** `[fixture, uk line, en line, anchor]`. */
const EXPECTED: Array<[string, string, string, string]> = [
  ['created', 'Оголошено закупівлю «Ремонт даху школи» з очікуваною вартістю 120 000,00 грн', 'Tender announced: “Ремонт даху школи”, expected value 120 000.00 UAH', '#history'],
  ['created bare', 'Оголошено закупівлю «Ремонт даху школи»', 'Tender announced: “Ремонт даху школи”', '#history'],
  ['created plan', 'Оприлюднено план закупівлі «Папір» з бюджетом 5 000,00 грн', 'Procurement plan published: “Папір”, budget 5 000.00 UAH', ''],
  ['created contract', 'Оприлюднено договір «Договір на папір»', 'Contract published: “Договір на папір”', ''],
  ['status', 'Етап змінено: Подання пропозицій → Прекваліфікація', 'Stage changed: Bidding → Pre-qualification', '#history'],
  ['status to', 'Новий етап закупівлі: Завершена', 'New stage of the tender: Completed', '#history'],
  ['status lot', 'Статус лота «Лот 1: покрівля» змінено: Активний → Відмінений', 'Status of lot “Лот 1: покрівля” changed: Active → Cancelled', '#lot-l1'],
  ['status plan', 'Статус плану змінено: Запланований → Оголошено закупівлю', 'Plan status changed: Scheduled → Tender announced', ''],
  ['status contract', 'Статус договору змінено: Очікує підписання → Діє', 'Contract status changed: Awaiting signature → Active', ''],
  ['period extended', 'Строк подання пропозицій продовжено: з 12.12.2026, 10:00 до 19.12.2026, 10:00', 'Bid deadline extended: from 12/12/2026, 10:00 to 19/12/2026, 10:00', '#timeline'],
  ['period changed', 'Строк закінчення періоду уточнень змінено: з 12.12.2026, 10:00 на 10.12.2026, 10:00', 'End of the enquiry period moved: from 12/12/2026, 10:00 to 10/12/2026, 10:00', '#timeline'],
  ['period set', 'Аукціон призначено на 20.12.2026, 11:30 (лот «Лот 1: покрівля»)', 'Auction scheduled for 20/12/2026, 11:30 (lot “Лот 1: покрівля”)', '#timeline'],
  ['period other', 'Змінено строк подання пропозицій', 'Bid deadline changed', '#timeline'],
  ['question asked', 'Нове запитання: «Чи можна замінити матеріал?»', 'New question: “Чи можна замінити матеріал?”', '#question-q1'],
  ['question asked bare', 'Нове запитання', 'New question', '#question-q2'],
  ['question answered', 'Відповідь на запитання «Чи можна замінити матеріал?»: Так, за погодженням. (лот «Лот 1: покрівля»)', 'Answer to the question “Чи можна замінити матеріал?”: Так, за погодженням. (lot “Лот 1: покрівля”)', '#question-q1'],
  ['question answered bare', 'Надано відповідь на запитання', 'A question was answered', '#question-q3'],
  ['document added', 'Додано документ «Тендерна документація.pdf»', 'Document added: “Тендерна документація.pdf”', '#document-d1'],
  ['document added award', 'Додано документ «Протокол.pdf» до рішення щодо пропозиції (лот «Лот 1: покрівля»)', 'Document added to a decision on a bid: “Протокол.pdf” (lot “Лот 1: покрівля”)', '#awards'],
  ['document replaced', 'Нова версія документа «Тендерна документація.pdf»', 'New version of the document “Тендерна документація.pdf”', '#document-d1'],
  ['document renamed', 'Нова версія документа «Документація.pdf»: «Документація v2.pdf» (лот «Лот 1: покрівля»)', 'New version of the document “Документація.pdf”: “Документація v2.pdf” (lot “Лот 1: покрівля”)', '#document-d1'],
  ['complaint filed', 'Подано скаргу «Скарга на умови»', 'Complaint filed: “Скарга на умови”', '#complaint-c1'],
  ['claim filed on award', 'Подано вимогу на рішення щодо пропозиції', 'Claim filed against a decision on a bid', '#complaint-c2'],
  ['complaint status', 'Скарга «Скарга на умови»: Очікує розгляду → Задоволено', 'Complaint “Скарга на умови”: Pending → Satisfied', '#complaint-c1'],
  ['complaint status bare', 'Новий статус скарги: Прийнято до розгляду', 'New complaint status: Accepted', '#complaint-c1'],
  ['award pending', 'Розглядається пропозиція ТОВ «Дах» на 110 000,00 грн (лот «Лот 1: покрівля»)', 'Bid of ТОВ «Дах» for 110 000.00 UAH under consideration (lot “Лот 1: покрівля”)', '#award-a1'],
  ['award pending bare', 'Розглядається пропозиція учасника', 'A bid under consideration', '#award-a1'],
  ['award active', 'Переможцем визнано ТОВ «Дах»', 'ТОВ «Дах» declared the winner', '#award-a1'],
  ['award disqualified', 'Пропозицію постачальника ТОВ «Покрівля» відхилено (дискваліфікація): Не надано довідку', 'Bid of ТОВ «Покрівля» rejected (disqualification): Не надано довідку', '#award-a2'],
  ['award disqualified bare', 'Пропозицію учасника відхилено (дискваліфікація)', 'A bid rejected (disqualification)', '#award-a2'],
  ['award cancelled', 'Рішення щодо пропозиції ТОВ «Дах» скасовано', 'Decision on the bid of ТОВ «Дах» cancelled', '#award-a3'],
  ['award other', 'Рішення щодо пропозиції: Переможець → draft', 'Decision on a bid: Winner → draft', '#award-a4'],
  ['contract signed', 'Укладено договір з ТОВ «Дах» на 120 000,00 грн', 'Contract signed with ТОВ «Дах» for 120 000.00 UAH', '#contract-k1'],
  ['contract signed bare', 'Укладено договір UA-2026-12-01-000001-a-a1', 'Contract UA-2026-12-01-000001-a-a1 signed', '#contract-k1'],
  ['contract changed', 'Зміни до договору: Зменшення обсягів закупівлі', 'Contract amended: Зменшення обсягів закупівлі', '#change-ch1'],
  ['contract changed grounds', 'Внесено зміни до договору (підстави: volumeCuts, priceReduction)', 'Contract amended (grounds: volumeCuts, priceReduction)', '#change-ch2'],
  ['contract terminated', 'Договір виконано або розірвано; сплачено 119 500,00 грн', 'Contract completed or terminated; 119 500.00 UAH paid', ''],
  ['contract cancelled', 'Договір скасовано', 'Contract cancelled', ''],
  ['cancellation started', 'Розпочато скасування закупівлі: Відсутність фінансування', 'Cancellation of the tender started: Відсутність фінансування', '#cancellation-x1'],
  ['cancellation completed', 'Закупівлю скасовано: Відсутність потреби', 'Tender cancelled: No longer needed', '#cancellation-x1'],
  ['cancellation completed lot', 'Лот «Лот 1: покрівля» скасовано: Немає потреби', 'Lot “Лот 1: покрівля” cancelled: Немає потреби', '#cancellation-x2'],
  ['cancellation started bare', 'Розпочато скасування закупівлі', 'Cancellation of the tender started', '#cancellation-x3'],
  ['monitoring opened', 'Держаудитслужба розпочала моніторинг UA-M-2026-12-01-000001', 'The State Audit Service started monitoring UA-M-2026-12-01-000001', '#monitorings'],
  ['monitoring opened bare', 'Держаудитслужба розпочала моніторинг закупівлі', 'The State Audit Service started monitoring the tender', '#monitorings'],
  ['monitoring concluded', 'Держаудитслужба завершила моніторинг UA-M-2026-12-01-000001: Виявлено порушення', 'The State Audit Service concluded its monitoring UA-M-2026-12-01-000001: Violations found', '#monitorings'],
  ['monitoring concluded bare', 'Держаудитслужба завершила моніторинг', 'The State Audit Service concluded its monitoring', '#monitorings'],
  ['lot added', 'Додано лот «Лот 2: утеплення» з очікуваною вартістю 30 000,00 грн', 'Lot added: “Лот 2: утеплення”, expected value 30 000.00 UAH', '#lot-l2'],
  ['lot cancelled', 'Лот «Лот 2: утеплення» відмінено', 'Lot “Лот 2: утеплення” cancelled', '#lot-l2'],
  ['lot unsuccessful', 'Лот «Лот 2: утеплення» не відбувся', 'Lot “Лот 2: утеплення” unsuccessful', '#lot-l2'],
  ['lot value', 'Очікувану вартість лота «Лот 1: покрівля» змінено: 100 000,00 грн → 90 000,00 грн', 'Expected value of lot “Лот 1: покрівля” changed: 100 000.00 UAH → 90 000.00 UAH', '#lot-l1'],
  ['tender created', 'За планом оголошено закупівлю UA-2026-12-01-000001-a «Ремонт даху школи»', 'Tender UA-2026-12-01-000001-a announced under the plan: “Ремонт даху школи”', '#tender'],
  ['tender created bare', 'За планом оголошено закупівлю UA-2026-12-01-000001-a', 'Tender UA-2026-12-01-000001-a announced under the plan', '#tender'],
  ['tender created unnamed', 'За планом оголошено закупівлю e7db462b6c17406f8ddda353f082a92a', 'Tender e7db462b6c17406f8ddda353f082a92a announced under the plan', '#tender'],
];

describe('eventLine', () => {
  it('has a case for every fixture, and the fixtures cover every type', () => {
    expect(EXPECTED.map(([name]) => name)).toEqual(EVERY_TYPE.map(([name]) => name));
    const types: Array<Change['type']> = [
      'created', 'status', 'period', 'questionAsked', 'questionAnswered', 'documentAdded', 'documentReplaced', 'complaintFiled',
      'complaintStatus', 'awardPending', 'awardStatus', 'contractSigned', 'contractChanged', 'contractTerminated', 'cancellationStarted',
      'cancellationCompleted', 'monitoringOpened', 'monitoringConcluded', 'lotAdded', 'lotCancelled', 'lotValue', 'tenderCreated',
    ];
    expect(new Set(EVERY_TYPE.map(([, e]) => e.type))).toEqual(new Set(types));
  });

  for (const [i, [name, uk, en, anchor]] of EXPECTED.entries()) {
    it(`says what changed: ${name}`, () => {
      const event = EVERY_TYPE[i][1];
      expect(line(event, 'uk')).toBe(uk);
      expect(line(event, 'en')).toBe(en);
      expect(eventAnchor(event)).toBe(anchor);
    });
  }

  it('never leaves a key or a placeholder in a line', () => {
    for (const language of ['uk', 'en'] as const) {
      for (const [name, event] of EVERY_TYPE) {
        const text = line(event, language);
        expect(text, name).not.toMatch(/events\.|{{|}}|undefined|null|\s\s/);
        expect(text.trim(), name).toBe(text);
      }
    }
  });

  it('cuts long texts of the record on one line', () => {
    const answer = `${'Так. '.repeat(100)}\nКінець`;
    const text = line(ev({ type: 'questionAnswered', id: 'q', title: 'Питання', answer }));
    expect(text.length).toBeLessThan(TEXT_MAX + 60);
    expect(text).toMatch(/…$/);
    expect(text).not.toContain('\n');
  });

  it('keeps what the record says as it is: escaping is the caller\'s', () => {
    expect(line(ev({ type: 'questionAsked', id: 'q', title: '<script>alert(1)</script>' }))).toBe('Нове запитання: «<script>alert(1)</script>»');
  });

  it('reads an unknown type as a change of the record', () => {
    const unknown = { ...ev({ type: 'monitoringOpened' }), type: 'somethingNew' } as unknown as Parameters<typeof eventLine>[0];
    expect(line(unknown)).toBe('Зміни в записі');
    expect(line(unknown, 'en')).toBe('The record changed');
    expect(eventAnchor(unknown)).toBe('#history');
  });
});

describe('eventUrl', () => {
  it("is the absolute link to the part of the record's page, under /en in English", () => {
    const question = ev({ type: 'questionAsked', id: 'q1' });
    expect(eventUrl(question, 'https://portal.test/', 'uk')).toBe(`https://portal.test/tenders/${TENDER_KEY}#question-q1`);
    expect(eventUrl(question, 'https://portal.test', 'en')).toBe(`https://portal.test/en/tenders/${TENDER_KEY}#question-q1`);
    const change = ev({ type: 'contractChanged', id: 'c h', rationaleTypes: [] }, 'contracts');
    // An id with a space makes no HTML id: the page itself.
    expect(eventUrl(change, 'https://portal.test', 'uk')).toBe('https://portal.test/contracts/UA-2026-12-01-000001-a-a1');
    expect(eventHref(ev({ type: 'status', to: 'complete' }, 'plans'), 'en')).toBe('/en/plans/UA-P-2026-12-01-000001-a');
    // The tender announced under a plan: its page, by its public id, else its 32-hex one.
    const announced = EVERY_TYPE.find(([name]) => name === 'tender created')![1];
    expect(eventHref(announced, 'uk')).toBe('/tenders/UA-2026-12-01-000001-a');
    expect(eventUrl(EVERY_TYPE.find(([name]) => name === 'tender created unnamed')![1], 'https://portal.test', 'en'))
      .toBe('https://portal.test/en/tenders/e7db462b6c17406f8ddda353f082a92a');
    // A monitoring's own page, under its tender's; without its number, the tender's section.
    const monitoring = ev({ type: 'monitoringConcluded', id: 'UA-M-2026-12-01-000001', status: 'completed' });
    expect(eventHref(monitoring, 'en')).toBe(`/en/tenders/${TENDER_KEY}/monitorings/UA-M-2026-12-01-000001`);
    expect(eventUrl(ev({ type: 'monitoringOpened' }), 'https://portal.test', 'uk')).toBe(`https://portal.test/tenders/${TENDER_KEY}#monitorings`);
  });

  it('encodes the key', () => {
    const odd = { ...ev({ type: 'status', to: 'complete' }), recordKey: 'UA/../x?y' };
    expect(eventHref(odd, 'uk')).toBe('/tenders/UA%2F..%2Fx%3Fy#history');
  });
});

describe('the answers', () => {
  it('read the history, leaving out what is not an event', () => {
    const event = ev({ type: 'questionAsked', id: 'q' });
    expect(historyOf({ data: [event, null, { type: 'status' }], total: 7, historyBegins: '2026-11-01T00:00:00+02:00' }))
      .toEqual({ events: [event], total: 7, historyBegins: '2026-11-01T00:00:00+02:00' });
    expect(historyOf({ data: [] })).toEqual({ events: [], total: 0, historyBegins: null });
    expect(historyOf({ error: 'x' })).toBeNull();
    expect(historyOf(null)).toBeNull();
  });

  it('read the follow status', () => {
    expect(followStatusOf({ data: { following: false } })).toEqual({ following: false });
    const event = ev({ type: 'questionAsked', id: 'q' });
    expect(followStatusOf({ data: { following: true, id: 7, frequency: 'daily', since: '2026-12-01T10:00:00+02:00', changes: [event], total: 3 } }))
      .toEqual({ following: true, id: 7, frequency: 'daily', since: '2026-12-01T10:00:00+02:00', changes: [event], total: 3 });
    expect(followStatusOf({ data: {} })).toBeNull();
  });

  it('read the follows and what a mail link did', () => {
    const follow = { id: 7, register: 'tenders', target: 'a'.repeat(32), key: TENDER_KEY, title: 'Дах', frequency: 'immediate', created: '2026-12-01T10:00:00+02:00', lastChange: null };
    expect(followsOf({ data: [follow, { id: 'x' }, { ...follow, id: 8, register: 'people' }] })).toEqual([follow]);
    expect(followsOf({ data: {} })).toBeNull();
    expect(followTokenOutcomeOf({ data: { state: 'confirmed', items: [{ register: 'buyers', key: '12345678', title: 'Школа' }, { key: 1 }] } }))
      .toEqual({ state: 'confirmed', items: [{ register: 'buyers', key: '12345678', title: 'Школа' }] });
    expect(followTokenOutcomeOf({ data: { state: 'done' } })).toBeNull();
  });

  it('write instants as HTML takes them', () => {
    expect(eventInstant('2026-12-12T10:00:00.123456+02:00')).toBe('2026-12-12T08:00:00.123Z');
    expect(eventInstant('never')).toBeUndefined();
  });
});
