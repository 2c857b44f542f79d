/**
 * The timeline of real API-documentation tenders of several procedure types: which
 * stages it has, their order, the current stage, their names and Kyiv dates, and the
 * deadlines counted down to.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { translations } from '../../components/test-utils';
import { formatter } from '../../records/parts';
import { apiExamples } from '../../test-shared-data';
import { deadlinesOf, ongoing, stageDates, stageName, timelineOf, type Stage } from './timeline';
import type { Tender } from '../../records/tender';

const resources = { uk: { dzo: translations.uk }, en: { dzo: translations.en } };
const uk = createI18n('uk', resources).getFixedT('uk', 'dzo');
const en = createI18n('en', resources).getFixedT('en', 'dzo');
const { dir, files, load } = apiExamples<Tender>('tenders');

const keys = (stages: Stage[]) => stages.map((s) => (s.lotId ? `${s.key}:${s.lotId.slice(0, 4)}` : s.key));
const at = (s: Stage) => Date.parse((s.start ?? s.end) as string);

describe('timeline of the API examples', () => {
  if (!files.length) {
    it.skip(`needs the examples in ${dir}`, () => {});
    return;
  }

  it('orders every example by date and marks at most one current stage', () => {
    for (const file of files) {
      const stages = timelineOf(load(file));
      for (let i = 1; i < stages.length; i++) expect(at(stages[i]), `${file} ${keys(stages)}`).toBeGreaterThanOrEqual(at(stages[i - 1]));
      expect(stages.filter((s) => s.current).length, file).toBeLessThanOrEqual(1);
    }
  });

  it('shows pre-qualification, its stand-still and the auction of an open EU tender', () => {
    const stages = timelineOf(load('aboveThresholdEU__active.pre-qualification.stand-still.json'));
    expect(keys(stages)).toEqual([
      'tenderPeriod', 'complaintPeriod', 'enquiryPeriod', 'qualificationPeriod', 'qualificationStandStill', 'clarificationsUntil', 'auctionPeriod',
    ]);
    // The status names the stand-still, and the stand-still is the stage marked.
    expect(stages.find((s) => s.current)?.key).toBe('qualificationStandStill');
    const standStill = stages.find((s) => s.key === 'qualificationStandStill');
    expect(standStill).toMatchObject({ start: '2027-01-01T00:03:00+02:00', end: '2027-01-07T00:00:00+02:00' });
  });

  it('gives the award stand-still of a completed tender, cancelled awards left out', () => {
    const tender = load('closeFrameworkAgreementUA__complete.json');
    const stages = timelineOf(tender);
    expect(keys(stages)).toEqual([
      'enquiryPeriod', 'tenderPeriod', 'complaintPeriod', 'qualificationPeriod', 'auctionPeriod', 'awardPeriod',
      'awardStandStill', 'qualificationStandStill', 'clarificationsUntil',
    ]);
    expect(stages.find((s) => s.key === 'awardStandStill')).toMatchObject({ start: '2026-12-22T00:02:01+02:00', end: '2027-01-01T00:02:01+02:00' });
    // A completed tender is not under way: nothing is current, nothing to count down to.
    expect(stages.some((s) => s.current)).toBe(false);
    expect(ongoing(tender.status)).toBe(false);
  });

  it('lists the appeals on a cancellation', () => {
    const stages = timelineOf(load('esco__cancelled.json'));
    expect(stages.find((s) => s.key === 'cancellationComplaintPeriod')).toMatchObject({ start: '2027-01-01T00:03:03+02:00', end: '2027-01-12T00:00:00+02:00' });
  });

  it('has nothing for procedures without periods', () => {
    for (const file of ['reporting__active.json', 'negotiation.quick__active.json']) expect(timelineOf(load(file)), file).toEqual([]);
  });

  it('counts down to the deadline of the current stage: the bid deadline while tendering', () => {
    const tender = load('competitiveOrdering__active.tendering.json');
    const stages = timelineOf(tender);
    const deadlines = deadlinesOf(stages);
    expect(deadlines.find((d) => d.stage.current)).toMatchObject({ at: '2027-01-16T00:00:00+02:00', starts: false, stage: { key: 'tenderPeriod' } });
    // The auction counts by its start.
    expect(deadlines.at(-1)).toMatchObject({ at: '2027-01-18T12:22:15.236000+02:00', starts: true, stage: { key: 'auctionPeriod' } });
    for (let i = 1; i < deadlines.length; i++) expect(Date.parse(deadlines[i].at)).toBeGreaterThanOrEqual(Date.parse(deadlines[i - 1].at));
  });

  it('names stages and writes their dates in Kyiv time with the zone named', () => {
    const tender = load('competitiveOrdering__active.tendering.json');
    const bids = timelineOf(tender).find((s) => s.key === 'tenderPeriod') as Stage;
    expect(stageName(uk, bids, () => '')).toBe('Подання пропозицій');
    expect(stageDates(bids, formatter(uk, 'uk'))).toBe('01.01.2027, 00:00 — 16.01.2027, 00:00 (за київським часом)');
    expect(stageDates(bids, formatter(en, 'en'))).toBe('01/01/2027, 00:00 – 16/01/2027, 00:00 (Kyiv time)');
  });
});

describe('timeline rules', () => {
  const lot = (id: string, startDate: string) => ({ id, title: `Lot ${id}`, auctionPeriod: { startDate } });

  it('holds an auction per lot of a multi-lot tender, named with the lot', () => {
    const stages = timelineOf({
      status: 'active.auction',
      tenderPeriod: { startDate: '2027-01-01T00:00:00+02:00', endDate: '2027-01-10T00:00:00+02:00' },
      auctionPeriod: { startDate: '2027-01-11T10:00:00+02:00' },
      lots: [lot('b', '2027-01-12T10:00:00+02:00'), lot('a', '2027-01-11T10:00:00+02:00')],
    });
    expect(keys(stages)).toEqual(['tenderPeriod', 'auctionPeriod:a', 'auctionPeriod:b']);
    expect(stages.filter((s) => s.current).map((s) => s.lotId)).toEqual(['a', 'b']);
    expect(stageName(uk, stages[2], (id) => `Лот ${id}`)).toBe('Аукціон — Лот b');
    expect(stageName(en, stages[2], (id) => `Lot ${id}`)).toBe('Auction: Lot b');
  });

  it('groups award stand-stills by lot when there are several lots', () => {
    const stages = timelineOf({
      status: 'active.awarded',
      awards: [
        { lotID: 'a', status: 'active', complaintPeriod: { startDate: '2027-02-01T10:00:00+02:00', endDate: '2027-02-11T00:00:00+02:00' } },
        { lotID: 'b', status: 'unsuccessful', complaintPeriod: { startDate: '2027-02-02T10:00:00+02:00', endDate: '2027-02-12T00:00:00+02:00' } },
        { lotID: 'b', status: 'cancelled', complaintPeriod: { startDate: '2027-01-02T10:00:00+02:00', endDate: '2027-03-12T00:00:00+02:00' } },
      ],
    });
    expect(keys(stages)).toEqual(['awardStandStill:a', 'awardStandStill:b']);
    expect(stages[1]).toMatchObject({ start: '2027-02-02T10:00:00+02:00', end: '2027-02-12T00:00:00+02:00', current: true });
    expect(stageName(uk, stages[0], () => 'Лот 1')).toBe('Оскарження рішень щодо переможця (період очікування) — Лот 1');
  });

  it('skips dates that are not dates', () => {
    expect(timelineOf({ tenderPeriod: { startDate: 'soon', endDate: '' }, enquiryPeriod: { clarificationsUntil: 'x' } })).toEqual([]);
  });
});
