/**
 * Tests only: one event of every type (with all its members, and bare), as the search
 * API lists them, for the tests of every place that shows events.
 */
import type { Change, RecordEvent } from './events';

export const TENDER_ID = 'a'.repeat(32);
export const TENDER_KEY = 'UA-2026-12-01-000001-a';

let seq = 0;
/** An event of the tender (or of `register`'s record) with `change`'s members. */
export function ev(change: Change, register: RecordEvent['register'] = 'tenders', at = '2026-12-12T10:00:00+02:00'): RecordEvent {
  seq += 1;
  const key = register === 'tenders' ? TENDER_KEY : register === 'plans' ? 'UA-P-2026-12-01-000001-a' : 'UA-2026-12-01-000001-a-a1';
  return { seq, register, recordId: register === 'tenders' ? TENDER_ID : 'b'.repeat(32), recordKey: key, recordTitle: 'Ремонт даху школи', at, ...change } as RecordEvent;
}

const uah = (amount: number) => ({ amount, currency: 'UAH', valueAddedTaxIncluded: true });
const lot = { id: 'l1', title: 'Лот 1: покрівля' };

/** Every type, full and bare; `[name, event]`. */
export const EVERY_TYPE: Array<[string, RecordEvent]> = [
  ['created', ev({ type: 'created', title: 'Ремонт даху школи', value: uah(120000) })],
  ['created bare', ev({ type: 'created' })],
  ['created plan', ev({ type: 'created', title: 'Папір', value: uah(5000) }, 'plans')],
  ['created contract', ev({ type: 'created', title: 'Договір на папір' }, 'contracts')],
  ['status', ev({ type: 'status', from: 'active.tendering', to: 'active.pre-qualification' })],
  ['status to', ev({ type: 'status', to: 'complete' })],
  ['status lot', ev({ type: 'status', from: 'active', to: 'cancelled', lot })],
  ['status plan', ev({ type: 'status', from: 'scheduled', to: 'complete' }, 'plans')],
  ['status contract', ev({ type: 'status', from: 'pending', to: 'active' }, 'contracts')],
  ['period extended', ev({ type: 'period', period: 'tenderPeriod', from: '2026-12-12T10:00:00+02:00', to: '2026-12-19T10:00:00+02:00', extended: true })],
  ['period changed', ev({ type: 'period', period: 'enquiryPeriod', from: '2026-12-12T10:00:00+02:00', to: '2026-12-10T10:00:00+02:00', extended: false })],
  ['period set', ev({ type: 'period', period: 'auctionPeriod', to: '2026-12-20T11:30:00+02:00', extended: false, lot })],
  ['period other', ev({ type: 'period', period: 'tenderPeriod', from: '2026-12-12T10:00:00+02:00', extended: false })],
  ['question asked', ev({ type: 'questionAsked', id: 'q1', title: 'Чи можна замінити матеріал?', description: 'Опис' })],
  ['question asked bare', ev({ type: 'questionAsked', id: 'q2' })],
  ['question answered', ev({ type: 'questionAnswered', id: 'q1', title: 'Чи можна замінити матеріал?', answer: 'Так, за погодженням.', lot })],
  ['question answered bare', ev({ type: 'questionAnswered', id: 'q3' })],
  ['document added', ev({ type: 'documentAdded', id: 'd1', title: 'Тендерна документація.pdf', of: 'tender' })],
  ['document added award', ev({ type: 'documentAdded', id: 'd2', title: 'Протокол.pdf', of: 'award', lot })],
  ['document replaced', ev({ type: 'documentReplaced', id: 'd1', title: 'Тендерна документація.pdf', previousTitle: 'Тендерна документація.pdf', of: 'tender' })],
  ['document renamed', ev({ type: 'documentReplaced', id: 'd1', title: 'Документація v2.pdf', previousTitle: 'Документація.pdf', of: 'lot', lot })],
  ['complaint filed', ev({ type: 'complaintFiled', id: 'c1', title: 'Скарга на умови', status: 'pending', of: 'tender' })],
  ['claim filed on award', ev({ type: 'complaintFiled', id: 'c2', status: 'claim', of: 'award' })],
  ['complaint status', ev({ type: 'complaintStatus', id: 'c1', title: 'Скарга на умови', from: 'pending', to: 'satisfied' })],
  ['complaint status bare', ev({ type: 'complaintStatus', id: 'c1', to: 'accepted' })],
  ['award pending', ev({ type: 'awardPending', id: 'a1', supplier: 'ТОВ «Дах»', value: uah(110000), status: 'pending', lot })],
  ['award pending bare', ev({ type: 'awardPending', id: 'a1' })],
  ['award active', ev({ type: 'awardStatus', id: 'a1', supplier: 'ТОВ «Дах»', from: 'pending', to: 'active' })],
  ['award disqualified', ev({ type: 'awardStatus', id: 'a2', supplier: 'ТОВ «Покрівля»', from: 'pending', to: 'unsuccessful', reason: 'Не надано довідку' })],
  ['award disqualified bare', ev({ type: 'awardStatus', id: 'a2', to: 'unsuccessful' })],
  ['award cancelled', ev({ type: 'awardStatus', id: 'a3', supplier: 'ТОВ «Дах»', from: 'active', to: 'cancelled' })],
  ['award other', ev({ type: 'awardStatus', id: 'a4', from: 'active', to: 'draft' })],
  ['contract signed', ev({ type: 'contractSigned', id: 'k1', contractId: 'UA-2026-12-01-000001-a-a1', supplier: 'ТОВ «Дах»', value: uah(120000), dateSigned: '2026-12-30T10:00:00+02:00' })],
  ['contract signed bare', ev({ type: 'contractSigned', id: 'k1', contractId: 'UA-2026-12-01-000001-a-a1' })],
  ['contract changed', ev({ type: 'contractChanged', id: 'ch1', rationale: 'Зменшення обсягів закупівлі', rationaleTypes: ['volumeCuts'], status: 'active' }, 'contracts')],
  ['contract changed grounds', ev({ type: 'contractChanged', id: 'ch2', rationaleTypes: ['volumeCuts', 'priceReduction'] }, 'contracts')],
  ['contract terminated', ev({ type: 'contractTerminated', id: 'k1', from: 'active', to: 'terminated', amountPaid: uah(119500) }, 'contracts')],
  ['contract cancelled', ev({ type: 'contractTerminated', id: 'k1', from: 'pending', to: 'cancelled' }, 'contracts')],
  ['cancellation started', ev({ type: 'cancellationStarted', id: 'x1', reason: 'Відсутність фінансування', reasonType: 'noDemand' })],
  ['cancellation completed', ev({ type: 'cancellationCompleted', id: 'x1', reasonType: 'noDemand' })],
  ['cancellation completed lot', ev({ type: 'cancellationCompleted', id: 'x2', reason: 'Немає потреби', lot })],
  ['cancellation started bare', ev({ type: 'cancellationStarted', id: 'x3' })],
  ['monitoring opened', ev({ type: 'monitoringOpened', id: 'UA-M-2026-12-01-000001', status: 'active' })],
  ['monitoring opened bare', ev({ type: 'monitoringOpened' })],
  ['monitoring concluded', ev({ type: 'monitoringConcluded', id: 'UA-M-2026-12-01-000001', status: 'addressed' })],
  ['monitoring concluded bare', ev({ type: 'monitoringConcluded' })],
  ['lot added', ev({ type: 'lotAdded', id: 'l2', title: 'Лот 2: утеплення', value: uah(30000) })],
  ['lot cancelled', ev({ type: 'lotCancelled', id: 'l2', title: 'Лот 2: утеплення', from: 'active', to: 'cancelled' })],
  ['lot unsuccessful', ev({ type: 'lotCancelled', id: 'l2', title: 'Лот 2: утеплення', from: 'active', to: 'unsuccessful' })],
  ['lot value', ev({ type: 'lotValue', id: 'l1', title: 'Лот 1: покрівля', from: uah(100000), to: uah(90000) })],
  ['tender created', ev({ type: 'tenderCreated', tenderId: 'e7db462b6c17406f8ddda353f082a92a', tenderKey: 'UA-2026-12-01-000001-a', tenderTitle: 'Ремонт даху школи' }, 'plans')],
  ['tender created bare', ev({ type: 'tenderCreated', tenderId: 'e7db462b6c17406f8ddda353f082a92a', tenderKey: 'UA-2026-12-01-000001-a' }, 'plans')],
  ['tender created unnamed', ev({ type: 'tenderCreated', tenderId: 'e7db462b6c17406f8ddda353f082a92a' }, 'plans')],
];
