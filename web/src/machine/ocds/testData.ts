/**
 * Tests only: the real records the OCDS and CSV export tests run over. The shared data
 * (`../shared/data`, see `test-shared-data.ts`) holds the API-documentation examples of
 * every register and a stratified sample of the portal's real tenders and plans
 * (`prozorro-mcp-demo`); search-list members and the embedded upstream's derived
 * contracts are made from them the way `upstream/src/records.rs` makes them.
 */
import { apiExamples, requiredSharedData } from '../../test-shared-data';

/** A parsed record. */
export type Rec = Record<string, unknown>;

interface Fs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs: Fs = await import('node:fs' as string);

export type Register = 'tenders' | 'plans' | 'contracts';

/** The API-documentation examples of `register` as [file, record] pairs (none when the shared data is missing). */
export function examples(register: Register): Array<[string, Rec]> {
  const { files, load } = apiExamples<Rec>(register);
  return files.map((f) => [f, load(f)]);
}

/** The real tenders (`tenders`) or plans (`plans`) of the demo snapshot's sample; undefined when missing. */
export function demo(register: 'tenders' | 'plans'): Rec[] | undefined {
  const file = requiredSharedData(`prozorro-mcp-demo/${register}.json`);
  return file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Rec[]) : undefined;
}

/** Up to `perGroup` records of each group (in the records' order), groups in order of first appearance. */
export function sampleBy(records: Rec[], group: (r: Rec) => string, perGroup: number): Rec[] {
  const taken = new Map<string, number>();
  return records.filter((r) => {
    const g = group(r);
    const n = taken.get(g) ?? 0;
    taken.set(g, n + 1);
    return n < perGroup;
  });
}

/**
 * A search-list member of a record, as the upstream answers it (`records::member`): the
 * bulky arrays replaced by their counts (`numberOfDocuments`…); a contract of one item
 * keeps that item's quantity and unit as `item`.
 */
export function member(record: Rec, register: Register): Rec {
  const bulky = register === 'contracts' ? ['documents', 'bids', 'items', 'changes', 'milestones'] : ['documents', 'bids'];
  const out: Rec = { ...record };
  const items = out.items;
  for (const k of bulky) {
    const v = out[k];
    if (!Array.isArray(v)) continue;
    delete out[k];
    out[`numberOf${k[0].toUpperCase()}${k.slice(1)}`] = v.length;
  }
  if (register === 'contracts' && Array.isArray(items) && items.length === 1 && items[0] && typeof items[0] === 'object') {
    const { quantity, unit } = items[0] as Rec;
    const one: Rec = {};
    if (quantity !== undefined) one.quantity = quantity;
    if (unit !== undefined) one.unit = unit;
    if (Object.keys(one).length > 0) out.item = one;
  }
  return out;
}

const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Rec[]) : []);

/**
 * The contracts the embedded upstream derives from a tender (`records::derive_contracts`):
 * one per active award, with the award's supplier, value and date, the lot's items, and a
 * status from the tender's (`complete` -> active, `cancelled`/`unsuccessful` ->
 * cancelled, else pending).
 */
export function deriveContracts(t: Rec): Rec[] {
  const status = t.status === 'complete' ? 'active' : t.status === 'cancelled' || t.status === 'unsuccessful' ? 'cancelled' : 'pending';
  return arr(t.awards)
    .filter((a) => a.status === 'active')
    .map((a, n) => {
      const lot = typeof a.lotID === 'string' ? a.lotID : undefined;
      const title = (lot && arr(t.lots).find((l) => l.id === lot)?.title) ?? t.title;
      const c: Rec = {
        id: a.id,
        contractID: `${t.tenderID as string}-c${n + 1}`,
        awardID: a.id,
        tender_id: t.id,
        tenderID: t.tenderID,
        title,
        status,
        value: a.value,
        suppliers: a.suppliers,
        buyer: t.procuringEntity,
        items: arr(t.items).filter((i) => !lot || i.relatedLot === lot),
        procurementMethodType: t.procurementMethodType,
        date: a.date,
        dateCreated: a.date,
        dateModified: t.dateModified,
      };
      if (status === 'active') c.dateSigned = a.date;
      const number = arr(t.contracts).find((k) => k.awardID === a.id && typeof k.contractNumber === 'string' && k.contractNumber.trim())?.contractNumber;
      if (typeof number === 'string') c.contractNumber = number.trim();
      if (typeof t.mode === 'string') c.mode = t.mode;
      return c;
    });
}
