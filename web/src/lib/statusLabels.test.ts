/**
 * One status, one word (issue 29): each register's statuses have one label per language,
 * read by the list, the page, the feed and the CSV through `statusLabel`. A contract was
 * "Діє" in the list and "Укладений" on its page because a second map of the same
 * statuses existed; this test finds any such second map and checks that the page-side
 * helpers say what the list says.
 */
import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import uk from '../../../locales/uk/dzo.json';
import en from '../../../locales/en/dzo.json';
import { enumLabel, statusLabel, type StatusRegister } from './enums';
import { planStatusLabel } from '../pages/Plan/labels';
import { statusLabel as productStatusLabel } from '../pages/Product/labels';

/** SPEC §4's statuses of each register. */
const STATUSES: Record<StatusRegister, string[]> = {
  tender: ['active.enquiries', 'active.tendering', 'active.pre-qualification', 'active.pre-qualification.stand-still', 'active.complaint',
    'active.auction', 'active.qualification', 'active.qualification.stand-still', 'active.awarded', 'complete', 'unsuccessful',
    'cancelled', 'draft.unsuccessful', 'draft.pending', 'active', 'active.stage2.pending', 'active.stage2.waiting', 'active.stage2'],
  plan: ['draft', 'scheduled', 'complete', 'cancelled'],
  contract: ['active', 'terminated', 'cancelled', 'pending'],
  product: ['active', 'hidden', 'inactive', 'draft'],
};
const GROUP: Record<StatusRegister, string> = { tender: 'tenderStatus', plan: 'planStatus', contract: 'contractStatus', product: 'productStatus' };

/** Every object in the translations with its dotted path. */
function maps(node: unknown, path: string[] = [], out: Array<[string, Record<string, unknown>]> = []) {
  if (node && typeof node === 'object') {
    out.push([path.join('.'), node as Record<string, unknown>]);
    for (const [k, v] of Object.entries(node)) maps(v, [...path, k], out);
  }
  return out;
}

const translations = { uk, en } as const;
const T: Record<string, TFunction> = {};
for (const language of ['uk', 'en'] as const) {
  const i = i18next.createInstance();
  i.init({ lng: language, resources: { [language]: { dzo: translations[language] } }, ns: ['dzo'], defaultNS: 'dzo', initImmediate: false });
  T[language] = i.t;
}

describe('one status, one word', () => {
  for (const language of ['uk', 'en'] as const) {
    it(`has one map of each register's statuses (${language})`, () => {
      for (const [register, codes] of Object.entries(STATUSES) as Array<[StatusRegister, string[]]>) {
        const holders = maps(translations[language])
          .filter(([, m]) => codes.every((c) => typeof m[c] === 'string'))
          .map(([path]) => path);
        expect(holders, register).toEqual([`enums.${GROUP[register]}`]);
      }
    });

    it(`labels every status with a translation, the same on page and list (${language})`, () => {
      const t = T[language];
      for (const [register, codes] of Object.entries(STATUSES) as Array<[StatusRegister, string[]]>) {
        for (const code of codes) {
          const label = statusLabel(t, register, code);
          expect(label, `${register} ${code}`).not.toBe(code);
          // What the list, the feed and the CSV read (enums.<register>Status).
          expect(enumLabel(t, GROUP[register], code)).toBe(label);
        }
      }
      for (const code of STATUSES.plan) expect(planStatusLabel(t, code)).toBe(statusLabel(t, 'plan', code));
      for (const code of STATUSES.product) expect(productStatusLabel(t, code)).toBe(statusLabel(t, 'product', code));
    });
  }
});
