/**
 * The OCDS mapping over real records: release packages of a sample of the portal's real
 * tenders (every procedure type and status of the sample), every API-documentation
 * tender, plan and contract, and the embedded upstream's derived contracts, as full
 * records and as search-list members, validated against the vendored OCDS 1.1.5
 * release-package schema (a real JSON Schema draft-04 validator, nothing fetched) and,
 * release by release, against the release schema with the three declared extensions
 * applied (lots and location, vendored; the portal's own red flags, from its folder in
 * `web/public`). Then what the schema cannot see: ocids, mapped statuses, values arriving,
 * absent fields staying absent, references resolving.
 */
import Ajv, { type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../test-shared-data';
import {
  DOCUMENT_TYPES, METHOD, OCDS_EXTENSIONS, OCID_PREFIX, PACKAGE_CLOSING, RED_FLAG_NAMES, RED_FLAGS_EXTENSION_PATH,
  contractRelease, ocdsExtensions, packageOpening, planRelease, tenderRelease, uri,
  type OcdsOrganizationReference, type Release,
} from '.';
import { deriveContracts, demo, examples, member, sampleBy, type Rec } from './testData';

interface Fs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs: Fs = await import('node:fs' as string);

const VENDOR = `${PROJECT_ROOT}/e2e/vendor/ocds-1.1.5`;
const readJson = (path: string): Rec => JSON.parse(fs.readFileSync(`${VENDOR}/${path}`, 'utf8'));
/** The portal's own red-flags extension: the server serves `web/public/docs` (copied into the client's dist) at `/docs`. */
const PUBLIC = `${PROJECT_ROOT}/web/public`;
const RED_FLAGS_DIR = `${PUBLIC}${RED_FLAGS_EXTENSION_PATH.replace(/\/extension\.json$/, '')}`;
const readRedFlags = (file: string): string => fs.readFileSync(`${RED_FLAGS_DIR}/${file}`, 'utf8');
/** The public origin the tests export on. */
const ORIGIN = 'https://portal.test';
const tenderReleaseOf = (t: object) => tenderRelease(t, ORIGIN);
const codelist = (name: string): string[] =>
  (parse(fs.readFileSync(`${VENDOR}/codelists/${name}`, 'utf8'), { columns: true }) as Array<{ Code: string }>).map((row) => row.Code);

/** RFC 7386: how an OCDS extension's `release-schema.json` patches the release schema. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Rec = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Rec) } : {};
  for (const [k, v] of Object.entries(patch as Rec)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function validators(): { pkg: ValidateFunction; extended: ValidateFunction } {
  const releaseSchema = readJson('release-schema.json');
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // Registered under its own id: the URL the package schema's `$ref` names.
  ajv.addSchema(releaseSchema);
  const pkg = ajv.compile(readJson('release-package-schema.json'));
  const patches = [
    readJson('extensions/lots/release-schema.json'),
    readJson('extensions/location/release-schema.json'),
    JSON.parse(readRedFlags('release-schema.json')) as Rec,
  ];
  const extendedSchema = patches.reduce<unknown>((schema, patch) => mergePatch(schema, patch), releaseSchema) as Rec;
  const extended = ajv.compile({ ...extendedSchema, id: 'urn:portal:test:release-schema-with-extensions' });
  return { pkg, extended };
}

const errorsOf = (v: ValidateFunction) =>
  (v.errors ?? []).slice(0, 8).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join('\n');

/** A package written the way the export streams it: opening, releases in two pages, closing. */
function packageText(releases: Release[]): string {
  const half = Math.ceil(releases.length / 2);
  const pages = [releases.slice(0, half), releases.slice(half)].filter((p) => p.length);
  let out = packageOpening({
    origin: ORIGIN,
    uri: 'https://portal.test/tenders/export.json?status=complete',
    publishedDate: '2026-10-12T19:59:27+03:00',
    publisherName: 'Публічні закупівлі',
    publisherUri: 'https://portal.test/',
  });
  pages.forEach((page, i) => {
    out += (i ? ',' : '') + page.map((r) => JSON.stringify(r)).join(',');
  });
  return out + PACKAGE_CLOSING;
}

/** Paths of values that say nothing (null, '', [], {}): the mapping leaves absent fields out. */
function emptyValues(v: unknown, path = ''): string[] {
  if (v === null || v === undefined || v === '') return [path];
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => emptyValues(x, `${path}/${i}`)) : [path];
  if (typeof v === 'object') {
    const entries = Object.entries(v as Rec);
    return entries.length ? entries.flatMap(([k, x]) => emptyValues(x, `${path}/${k}`)) : [path];
  }
  return [];
}

/** Every organisation reference of a release, with the role its place implies. */
function references(r: Release): Array<[OcdsOrganizationReference, string]> {
  const out: Array<[OcdsOrganizationReference, string]> = [];
  if (r.buyer) out.push([r.buyer, 'buyer']);
  if (r.tender?.procuringEntity) out.push([r.tender.procuringEntity, 'procuringEntity']);
  for (const t of r.tender?.tenderers ?? []) out.push([t, 'tenderer']);
  for (const a of r.awards ?? []) for (const s of a.suppliers ?? []) out.push([s, 'supplier']);
  return out;
}

const arr = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Rec[]) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

// ---------------------------------------------------------------------------------------
// The records
// ---------------------------------------------------------------------------------------

const tenderExamples = examples('tenders');
const planExamples = examples('plans');
const contractExamples = examples('contracts');
const demoTenders = demo('tenders');
const demoPlans = demo('plans');
const haveData = !!(tenderExamples.length && planExamples.length && contractExamples.length && demoTenders && demoPlans);

/** Two real tenders of every (procedure type, status) of the demo sample: 66 of its 339. */
const sampleTenders = demoTenders ? sampleBy(demoTenders, (t) => `${t.procurementMethodType}|${t.status}`, 2) : [];
const allTenders: Array<[string, Rec]> = [
  ...tenderExamples,
  ...sampleTenders.map((t): [string, Rec] => [`demo ${t.tenderID as string}`, t]),
];
const allPlans: Array<[string, Rec]> = [
  ...planExamples,
  ...(demoPlans ?? []).slice(0, 40).map((p): [string, Rec] => [`demo ${p.planID as string}`, p]),
];
/** Derived contracts of the sampled tenders (and of the examples: the upstream derives theirs too). */
const derived: Array<[string, Rec, Rec]> = allTenders.flatMap(([name, t]) =>
  deriveContracts(t).map((c): [string, Rec, Rec] => [`derived from ${name}`, c, t]),
);
const allContracts: Array<[string, Rec]> = [...contractExamples, ...derived.map(([n, c]): [string, Rec] => [n, c])];

interface Case {
  name: string;
  record: Rec;
  release: Release;
}

/**
 * What the upstream's tender members carry as `redFlags` (the codes the record raises, `[]`
 * when none): the tests cannot compute red flags, so the sampled members take these in
 * turn, every code among them, with an unknown code and a repeat that the export leaves out.
 */
const MEMBER_RED_FLAGS: string[][] = [[], ['R018'], ['R036', 'R018'], Object.keys(RED_FLAG_NAMES), ['R999', 'R035', 'R035']];

function cases(): { full: Case[]; members: Case[] } {
  const full: Case[] = [];
  const members: Case[] = [];
  const add = (register: 'tenders' | 'plans' | 'contracts', name: string, record: Rec, f: (r: Rec) => Release) => {
    full.push({ name, record, release: f(record) });
    const m = member(record, register);
    if (register === 'tenders') m.redFlags = MEMBER_RED_FLAGS[members.length % MEMBER_RED_FLAGS.length];
    members.push({ name: `${name} (member)`, record: m, release: f(m) });
  };
  for (const [n, t] of allTenders) add('tenders', n, t, tenderReleaseOf);
  for (const [n, p] of allPlans) add('plans', n, p, planRelease);
  for (const [n, c] of allContracts) add('contracts', n, c, contractRelease);
  return { full, members };
}

describe('OCDS release packages of real records', () => {
  if (!haveData) {
    it.skip('needs the shared data (openprocurement-api examples and prozorro-mcp-demo)', () => {});
    return;
  }
  const { pkg, extended } = validators();
  const { full, members } = cases();
  const every = [...full, ...members];

  it('samples every procedure type of the data, every plan and contract status', () => {
    const types = (records: Rec[]) => new Set(records.map((t) => t.procurementMethodType as string));
    const inData = new Set([...types(demoTenders ?? []), ...types(tenderExamples.map(([, t]) => t))]);
    expect([...types(allTenders.map(([, t]) => t))].sort()).toEqual([...inData].sort());
    expect(inData.size).toBeGreaterThanOrEqual(17);
    expect(new Set(allPlans.map(([, p]) => p.status))).toEqual(new Set(['draft', 'scheduled', 'complete', 'cancelled']));
    expect(new Set(allContracts.map(([, c]) => c.status))).toEqual(new Set(['active', 'cancelled', 'pending', 'terminated']));
    // Derived contracts of every status the upstream derives.
    expect(new Set(derived.map(([, c]) => c.status))).toEqual(new Set(['active', 'cancelled', 'pending']));
  });

  for (const [label, group] of [['full records', full], ['search members', members]] as const) {
    it(`validates one package of the ${group.length} releases of the ${label} against the release-package schema`, () => {
      const text = packageText(group.map((c) => c.release));
      const parsed = JSON.parse(text) as { releases: Release[]; extensions: string[]; version: string };
      expect(parsed.releases).toHaveLength(group.length);
      expect(parsed.version).toBe('1.1');
      expect(parsed.extensions).toEqual([...OCDS_EXTENSIONS, 'https://portal.test/docs/ocds/red-flags/extension.json']);
      const ok = pkg(parsed);
      expect(ok, errorsOf(pkg)).toBe(true);
      // Release ids are unique within their contracting process, one per state of a record:
      // two releases share one only when their records share id, dateModified and status
      // (the API-documentation examples hold such twins: requestForProposal__complete and
      // aboveThreshold__complete are both tender 38bca89f… of 2027-01-31, complete).
      const state = (r: Rec) => `${r.id as string} ${r.dateModified as string} ${r.status as string}`;
      const seen = new Map<string, Rec>();
      group.forEach((c, i) => {
        const key = `${parsed.releases[i].ocid} ${parsed.releases[i].id}`;
        const twin = seen.get(key);
        if (twin) expect(state(c.record), `${c.name}: release id ${key}`).toBe(state(twin));
        seen.set(key, c.record);
      });
      expect(seen.size).toBeGreaterThan(group.length - 10);
    });
  }

  it('validates every release against the release schema with the lots, location and red-flags extensions', () => {
    const failures = every
      .filter((c) => !extended(c.release))
      .map((c) => `${c.name}: ${errorsOf(extended)}`);
    expect(failures, failures.slice(0, 3).join('\n\n')).toEqual([]);
    expect(every.length).toBeGreaterThan(300);
  });

  it('writes no empty value (no null, empty string, array or object)', () => {
    const empties = every.flatMap((c) => emptyValues(c.release).map((p) => `${c.name}: ${p}`));
    expect(empties.slice(0, 10)).toEqual([]);
  });

  it('resolves every organisation reference to a party with that role', () => {
    for (const c of every) {
      const parties = new Map((c.release.parties ?? []).map((p) => [p.id, p]));
      expect(parties.size, `${c.name}: parties distinct`).toBe(c.release.parties?.length ?? 0);
      for (const [ref, role] of references(c.release)) {
        expect(parties.get(ref.id)?.roles, `${c.name}: ${role} ${ref.id}`).toContain(role);
      }
    }
  });

  it('keeps only documentType codes of the OCDS codelist, and that list is the standard’s', () => {
    expect([...DOCUMENT_TYPES].sort()).toEqual(codelist('documentType.csv').sort());
    const types = new Set<string>();
    for (const c of every) {
      const r = c.release;
      const docs = [
        ...(r.tender?.documents ?? []),
        ...(r.awards ?? []).flatMap((a) => a.documents ?? []),
        ...(r.contracts ?? []).flatMap((k) => k.documents ?? []),
      ];
      for (const d of docs) if (d.documentType) types.add(d.documentType);
    }
    for (const type of types) expect(DOCUMENT_TYPES.has(type), type).toBe(true);
    // The data's own `notice` and `contractProforma` are not OCDS codes; `biddingDocuments` is.
    expect(types.has('biddingDocuments')).toBe(true);
  });

  describe('tenders', () => {
    const tenders = full.filter((c) => c.release.tag.includes('tender'));
    const tenderMembers = members.filter((c) => c.release.tag.includes('tender'));

    it('gives the ocid ocds-be6bcu-<tenderID>, the date and a release id per record state', () => {
      for (const c of [...tenders, ...tenderMembers]) {
        expect(c.release.ocid).toBe(`${OCID_PREFIX}-${c.record.tenderID as string}`);
        expect(c.release.date).toBe(c.record.dateModified);
        expect(c.release.id).toBe(`${c.record.id as string}-${c.record.dateModified as string}-${c.record.status as string}`);
        expect(c.release.tender?.id).toBe(c.record.id);
        expect(c.release.initiationType).toBe('tender');
      }
    });

    it('maps statuses onto the closed codelists', () => {
      const expected: Record<string, string | undefined> = {
        'active.enquiries': 'active', 'active.tendering': 'active', 'active.auction': 'active',
        'active.qualification': 'active', 'active.awarded': 'active', 'active.pre-qualification.stand-still': 'active',
        active: 'active', complete: 'complete', cancelled: 'cancelled', unsuccessful: 'unsuccessful', draft: 'planning',
      };
      const seen = new Set<string>();
      for (const c of tenders) {
        const status = c.record.status as string;
        expect(status in expected, `unexpected status ${status} in ${c.name}`).toBe(true);
        expect(c.release.tender?.status, c.name).toBe(expected[status]);
        seen.add(status);
        expect(c.release.tag.includes('tenderCancellation')).toBe(status === 'cancelled');
        const awards = arr(c.record.awards);
        expect(c.release.awards?.map((a) => a.status) ?? []).toEqual(awards.map((a) => a.status));
        for (const k of c.release.contracts ?? []) expect(['pending', 'active', 'cancelled', 'terminated']).toContain(k.status);
      }
      expect(seen.size).toBeGreaterThanOrEqual(10);
    });

    it('maps procedure types onto OCDS methods and keeps the type as the details', () => {
      for (const c of tenders) {
        const type = c.record.procurementMethodType as string;
        expect(c.release.tender?.procurementMethodDetails).toBe(type);
        expect(c.release.tender?.procurementMethod, type).toBe(METHOD[type]);
      }
      const byType = (type: string) => tenders.find((c) => c.record.procurementMethodType === type)?.release.tender;
      expect(byType('reporting')?.procurementMethod).toBe('direct');
      expect(byType('negotiation')?.procurementMethod).toBe('limited');
      expect(byType('priceQuotation')?.procurementMethod).toBe('selective');
      expect(byType('aboveThreshold')?.procurementMethod).toBe('open');
    });

    it('carries the record’s values: title, value, items with CPV, lots, periods, procuring entity, awards', () => {
      for (const c of tenders) {
        const t = c.record;
        const r = c.release;
        expect(r.tender?.title).toBe(t.title);
        const value = t.value as { amount?: number; currency?: string } | undefined;
        if (typeof value?.amount === 'number') expect(r.tender?.value).toEqual({ amount: value.amount, currency: value.currency });
        else expect(r.tender?.value).toBeUndefined();
        const items = arr(t.items);
        expect(r.tender?.items?.map((i) => i.id)).toEqual(items.map((i) => i.id));
        r.tender?.items?.forEach((item, n) => {
          const source = items[n].classification as Rec;
          expect(item.classification).toMatchObject({ scheme: 'CPV', id: source.id });
          expect(item.quantity).toBe(items[n].quantity);
          if ((items[n].unit as Rec | undefined)?.code) expect(item.unit).toMatchObject({ scheme: 'UNCEFACT', id: (items[n].unit as Rec).code });
        });
        expect(r.tender?.lots?.map((l) => l.id) ?? []).toEqual(arr(t.lots).map((l) => l.id));
        const tp = t.tenderPeriod as Rec | undefined;
        if (tp?.endDate) expect(r.tender?.tenderPeriod?.endDate).toBe(tp.endDate);
        else expect(r.tender?.tenderPeriod?.endDate).toBeUndefined();
        const pe = t.procuringEntity as Rec;
        const ident = pe.identifier as Rec;
        const party = r.parties?.find((p) => p.id === `${ident.scheme as string}-${(ident.id as string).trim()}`);
        expect(party?.roles, c.name).toEqual(expect.arrayContaining(['procuringEntity', 'buyer']));
        expect(party?.name).toBe(pe.name);
        expect(r.buyer?.id).toBe(party?.id);
        arr(t.awards).forEach((a, n) => {
          const award = r.awards?.[n];
          expect(award?.id).toBe(a.id);
          expect(award?.value?.amount).toBe((a.value as Rec | undefined)?.amount);
          expect(award?.suppliers?.length).toBe(arr(a.suppliers).length);
          if (a.lotID) expect(award?.relatedLots).toEqual([a.lotID]);
        });
      }
    });

    it('counts tenderers from bids, or from numberOfBids for a member, and leaves the count out when neither is known', () => {
      let withBids = 0;
      for (const c of tenders) {
        const bids = c.record.bids;
        if (!Array.isArray(bids)) {
          expect(c.release.tender?.numberOfTenderers, c.name).toBeUndefined();
          continue;
        }
        withBids++;
        const ids = new Set(arr(bids).filter((b) => b.status !== 'deleted' && b.status !== 'draft')
          .flatMap((b) => arr(b.tenderers).map((o) => `${(o.identifier as Rec).scheme as string}-${((o.identifier as Rec).id as string).trim()}`)));
        expect(c.release.tender?.numberOfTenderers).toBe(ids.size);
        expect(c.release.tender?.tenderers?.map((x) => x.id).sort()).toEqual([...ids].sort());
      }
      expect(withBids).toBeGreaterThan(10);
      for (const c of tenderMembers) {
        expect(c.release.tender?.numberOfTenderers).toBe(c.record.numberOfBids);
        expect(c.release.tender?.tenderers).toBeUndefined();
        expect(c.release.tender?.documents).toBeUndefined();
      }
    });

    it('keeps the documents with their types where OCDS has the code, their ids or urls as ids', () => {
      const t = tenderExamples.find(([f]) => f === 'aboveThreshold__complete.json')?.[1] as Rec;
      const r = tenderReleaseOf(t);
      const ids = new Set(arr(t.documents).map((d) => d.id));
      expect(r.tender?.documents?.map((d) => d.id).sort()).toEqual([...ids].sort());
      const demoWithDocs = sampleTenders.find((x) => arr(x.documents).some((d) => d.documentType === 'notice'));
      const docs = tenderReleaseOf(demoWithDocs as Rec).tender?.documents ?? [];
      // The snapshot's documents have no ids: their urls stand for them.
      expect(docs.length).toBeGreaterThan(0);
      for (const d of docs) expect(d.id).toMatch(/^https:\/\//);
      expect(docs.some((d) => d.documentType)).toBe(!!arr(demoWithDocs?.documents).some((d) => DOCUMENT_TYPES.has(d.documentType as string)));
      for (const d of docs) expect(d.documentType).not.toBe('notice');
    });

    it('leaves out what a record lacks', () => {
      // A negotiation has no tender period, no bids and no awards yet.
      const draft = tenders.find((c) => c.name === 'negotiation__draft.json') as Case;
      expect(draft.release.tender?.tenderPeriod).toBeUndefined();
      expect(draft.release.tender?.numberOfTenderers).toBeUndefined();
      expect(draft.release.awards).toBeUndefined();
      expect(draft.release.tag).toEqual(['tender']);
      // ESCO's minValue has a currency and no amount: no value at all.
      const esco = tenders.find((c) => c.name === 'esco__cancelled.json') as Case;
      expect(esco.record.minValue).toBeDefined();
      expect(esco.release.tender?.minValue).toBeUndefined();
      expect(esco.release.tender?.value).toBeUndefined();
      // The bare minimum: only what is there.
      const bare = tenderReleaseOf({ id: 'abc', tenderID: 'UA-2026-01-01-000001-a', dateModified: '2026-01-01T10:00:00+02:00' });
      expect(bare).toEqual({
        ocid: 'ocds-be6bcu-UA-2026-01-01-000001-a',
        id: 'abc-2026-01-01T10:00:00+02:00',
        date: '2026-01-01T10:00:00+02:00',
        tag: ['tender'],
        initiationType: 'tender',
        language: 'uk',
        tender: { id: 'abc' },
      });
    });
  });

  describe('red flags', () => {
    const tenders = full.filter((c) => c.release.tag.includes('tender'));
    const tenderMembers = members.filter((c) => c.release.tag.includes('tender'));

    it('carries a member’s known codes, once each and in its order, and leaves the field out of full records', () => {
      let flagged = 0;
      for (const c of tenderMembers) {
        const codes = [...new Set((c.record.redFlags as string[]).filter((x) => Object.hasOwn(RED_FLAG_NAMES, x)))];
        expect(c.release.tender?.redFlags?.map((f) => f.code), c.name).toEqual(codes.length ? codes : undefined);
        if (codes.length) flagged++;
      }
      expect(flagged).toBeGreaterThan(10);
      const met = new Set(tenderMembers.flatMap((c) => c.release.tender?.redFlags?.map((f) => f.code) ?? []));
      expect([...met].sort()).toEqual(Object.keys(RED_FLAG_NAMES).sort());
      // Full records carry no `redFlags` (the upstream adds them to list members only).
      for (const c of tenders) expect(c.release.tender?.redFlags, c.name).toBeUndefined();
    });
  });

  describe('plans', () => {
    const plans = full.filter((c) => c.release.tag.includes('planning'));

    it('gives the ocid ocds-be6bcu-<planID>, the budget, the planned method and the mapped status', () => {
      const status: Record<string, string | undefined> = { draft: 'planning', scheduled: 'planned', cancelled: 'cancelled', complete: undefined };
      expect(plans).toHaveLength(allPlans.length);
      for (const c of plans) {
        const p = c.record;
        const r = c.release;
        expect(r.ocid).toBe(`${OCID_PREFIX}-${p.planID as string}`);
        expect(r.tender?.status, c.name).toBe(status[p.status as string]);
        expect('status' in (r.tender ?? {})).toBe(p.status !== 'complete');
        const budget = p.budget as Rec;
        expect(r.planning?.budget?.amount).toEqual({ amount: budget.amount, currency: budget.currency });
        expect(r.planning?.budget?.description).toBe(budget.description);
        const type = str((p.tender as Rec | undefined)?.procurementMethodType);
        expect(r.tender?.procurementMethodDetails).toBe(type || undefined);
        expect(r.tender?.procurementMethod).toBe(type ? METHOD[type] : undefined);
        expect(r.tender?.id).toBe(p.tender_id ?? p.id);
        const start = str(((p.tender as Rec | undefined)?.tenderPeriod as Rec | undefined)?.startDate);
        expect(r.tender?.tenderPeriod?.startDate).toBe(start);
        expect(r.tender?.items?.length ?? 0).toBe(arr(p.items).length);
      }
    });

    it('gives buyers the buyer role and the central purchasing body the procuring entity’s', () => {
      const c = plans.find((x) => x.name === 'plan__complete-centralized.json') as Case;
      const roles = Object.fromEntries((c.release.parties ?? []).map((p) => [p.identifier?.id, p.roles]));
      expect(roles['111983']).toEqual(['buyer']);
      expect(roles['111111']).toEqual(['procuringEntity']);
      expect(c.release.buyer?.id).toBe('UA-EDR-111983');
      expect(c.release.planning?.milestones?.[0]).toMatchObject({ type: 'approval', status: 'met' });
      expect(c.release.planning?.rationale).toBe('Недостатньо змістовне обгрунтування');
    });
  });

  describe('contracts', () => {
    const contracts = full.filter((c) => c.release.tag.includes('contract') && !c.release.tag.includes('tender'));

    it('gives a derived contract its tender’s ocid, and a database contract the tenderID its number starts with', () => {
      for (const [, c, t] of derived) expect(contractRelease(c).ocid).toBe(tenderReleaseOf(t).ocid);
      for (const [, c] of contractExamples) {
        const tenderID = (c.contractID as string).replace(/-[a-z]\d+$/, '');
        expect(contractRelease(c).ocid).toBe(`${OCID_PREFIX}-${tenderID}`);
        expect(contractRelease(member(c, 'contracts')).ocid).toBe(`${OCID_PREFIX}-${tenderID}`);
      }
      expect(contractRelease({ id: 'x', tender_id: 'f2a3', dateModified: '2027-01-01T00:00:00+02:00' }).ocid).toBe(`${OCID_PREFIX}-f2a3`);
    });

    it('maps every status and tags terminations and amendments', () => {
      expect(contracts).toHaveLength(allContracts.length);
      for (const c of contracts) {
        const k = c.release.contracts?.[0];
        expect(k?.status, c.name).toBe(c.record.status);
        expect(k?.awardID).toBe(c.record.awardID);
        expect(c.release.awards).toEqual([expect.objectContaining({ id: c.record.awardID })]);
        expect(c.release.tag.includes('contractTermination')).toBe(c.record.status === 'terminated');
        const activeChanges = arr(c.record.changes).filter((ch) => ch.status === 'active');
        expect(k?.amendments?.length ?? 0).toBe(activeChanges.length);
        expect(c.release.tag.includes('contractAmendment')).toBe(activeChanges.length > 0);
        expect(k?.value?.amount).toBe((c.record.value as Rec).amount);
        expect(k?.dateSigned).toBe(c.record.dateSigned);
        const buyer = (c.record.buyer as Rec).identifier as Rec;
        expect(c.release.buyer?.id).toBe(`${buyer.scheme as string}-${(buyer.id as string).trim()}`);
        const supplierIds = (c.release.awards?.[0].suppliers ?? []).map((s) => s.id);
        expect(supplierIds.length).toBe(arr(c.record.suppliers).length);
      }
    });

    it('reads the change dates that have a time zone only', () => {
      const c = contractExamples.find(([f]) => f === 'contract__terminated.json')?.[1] as Rec;
      const change = arr(c.changes)[0];
      // `date` lacks a time zone (`2026-12-31T22:00:00`): the amendment's date is the signing's.
      expect(change.date).toBe('2026-12-31T22:00:00');
      expect(contractRelease(c).contracts?.[0].amendments?.[0]).toEqual({
        id: change.id, date: change.dateSigned, rationale: change.rationale, rationale_en: change.rationale_en,
      });
    });

    it('leaves items, milestones and amendments out of a member, and the tender out of a contract naming none', () => {
      for (const c of members.filter((x) => x.release.tag.includes('contract') && !x.release.tag.includes('tender'))) {
        const k = c.release.contracts?.[0];
        expect(k?.items).toBeUndefined();
        expect(k?.milestones).toBeUndefined();
        expect(k?.amendments).toBeUndefined();
        expect(k?.documents).toBeUndefined();
      }
      const noTender = contractRelease({ id: 'c1', awardID: 'a1', status: 'active', dateModified: '2027-01-01T00:00:00+02:00' });
      expect(noTender.tender).toBeUndefined();
      expect(noTender.ocid).toBe(`${OCID_PREFIX}-c1`);
      expect(noTender.contracts).toEqual([{ id: 'c1', awardID: 'a1', status: 'active' }]);
    });
  });
});

describe('packageOpening', () => {
  it('opens a package that the closing completes, whatever the number of pages', () => {
    const opening = packageOpening({
      origin: 'https://portal.test',
      uri: 'https://portal.test/x.json', publishedDate: '2026-10-12T10:00:00+03:00', publisherName: 'Портал "Закупівлі"',
    });
    expect(opening.endsWith('"releases":[')).toBe(true);
    const one = tenderReleaseOf({ id: 'a', tenderID: 'UA-1', dateModified: '2026-01-01T10:00:00+02:00' });
    const parsed = JSON.parse(`${opening}${JSON.stringify(one)}${PACKAGE_CLOSING}`);
    expect(parsed).toEqual({
      uri: 'https://portal.test/x.json',
      version: '1.1',
      extensions: [...ocdsExtensions('https://portal.test')],
      publishedDate: '2026-10-12T10:00:00+03:00',
      publisher: { name: 'Портал "Закупівлі"' },
      releases: [one],
    });
  });
});

describe('the red-flags extension', () => {
  const { extended } = validators();
  const flagged = (redFlags: unknown) =>
    tenderReleaseOf({ id: 'abc', tenderID: 'UA-2026-01-01-000001-a', dateModified: '2026-01-01T10:00:00+02:00', redFlags });
  const extensionJson = JSON.parse(readRedFlags('extension.json')) as Rec;
  const schema = JSON.parse(readRedFlags('release-schema.json')) as {
    definitions: { Tender: { properties: { redFlags: Rec } }; RedFlag: { properties: Record<string, Rec>; required: string[] } };
  };
  const readme = readRedFlags('README.md');
  /** A release around a tender section, with the fields a release requires. */
  const releaseWith = (tender: Rec) => ({
    ocid: 'ocds-be6bcu-UA-1', id: '1', date: '2026-01-01T10:00:00+02:00', tag: ['tender'], initiationType: 'tender', tender,
  });

  it('gives a member’s codes as tender.redFlags, in its order, with their names and methodology links', () => {
    const r = flagged(['R018', 'R036']);
    expect(r.tender?.redFlags).toEqual([
      { code: 'R018', title: 'Одна пропозиція', title_en: 'Single bid received', methodology: 'https://portal.test/info/red-flags#r018' },
      {
        code: 'R036', title: 'Дискваліфіковано найнижчу пропозицію', title_en: 'Lowest bid disqualified',
        methodology: 'https://portal.test/info/red-flags#r036',
      },
    ]);
    expect(extended(r), errorsOf(extended)).toBe(true);
    expect(flagged(['R036', 'R018']).tender?.redFlags?.map((f) => f.code)).toEqual(['R036', 'R018']);
    expect(flagged(['R999', 'R018', 'R018']).tender?.redFlags?.map((f) => f.code)).toEqual(['R018']);
    const all = flagged(Object.keys(RED_FLAG_NAMES));
    expect(all.tender?.redFlags).toHaveLength(9);
    expect(extended(all), errorsOf(extended)).toBe(true);
  });

  it('leaves the field out when the member lists no known code or has no redFlags', () => {
    for (const v of [[], ['R999'], ['r018', ' R018', 18, null, 'toString'], undefined, null, 'R018', { R018: true }]) {
      expect(flagged(v).tender, JSON.stringify(v)).toEqual({ id: 'abc' });
    }
  });

  it('names the nine indicators of indicators/README.md with its English titles', () => {
    /** The first table row of each code: its second column (a later table of counts has numbers there). */
    const rows = (text: string) => {
      const out: Record<string, string> = {};
      for (const m of text.matchAll(/^\| (R\d{3}) \| ([^|]+?) \|/gm)) out[m[1]] ??= m[2];
      return out;
    };
    const english = Object.fromEntries(Object.entries(RED_FLAG_NAMES).map(([code, n]) => [code, n.en]));
    expect(rows(fs.readFileSync(`${PROJECT_ROOT}/indicators/README.md`, 'utf8'))).toEqual(english);
    // The extension's own README documents the same codes.
    expect(rows(readme)).toEqual(english);
    for (const n of Object.values(RED_FLAG_NAMES)) expect(n.uk).toMatch(/\p{Script=Cyrillic}/u);
  });

  it('lists the extension in every package, at the path the server serves from web/public', () => {
    const opening = packageOpening({
      origin: 'https://portal.example', uri: 'https://portal.example/x.json', publishedDate: '2026-10-12T10:00:00+03:00', publisherName: 'P',
    });
    const { extensions } = JSON.parse(`${opening}${PACKAGE_CLOSING}`) as { extensions: string[] };
    expect(extensions).toEqual([...OCDS_EXTENSIONS, 'https://portal.example/docs/ocds/red-flags/extension.json']);
    // `web/public` is copied into the client's dist, whose `docs` the server serves at `/docs`.
    expect(RED_FLAGS_EXTENSION_PATH.startsWith('/docs/')).toBe(true);
    expect(JSON.parse(fs.readFileSync(`${PUBLIC}${RED_FLAGS_EXTENSION_PATH}`, 'utf8'))).toEqual(extensionJson);
  });

  it('has the metadata of an OCDS extension', () => {
    const allowed = ['name', 'description', 'documentationUrl', 'contactPoint', 'compatibility', 'codelists', 'schemas', 'dependencies', 'testDependencies'];
    for (const key of Object.keys(extensionJson)) expect(allowed, key).toContain(key);
    // Language-keyed objects with English (the extension metadata schema's language keys have no `uk`).
    for (const key of ['name', 'description', 'documentationUrl']) {
      expect(Object.keys(extensionJson[key] as Rec), key).toEqual(['en']);
      expect((extensionJson[key] as Rec).en, key).toMatch(/\S/);
    }
    expect(uri((extensionJson.documentationUrl as Rec).en)).toBe((extensionJson.documentationUrl as Rec).en);
    expect(extensionJson.compatibility).toEqual(['1.1']);
    expect(extensionJson.schemas).toEqual(['release-schema.json']);
  });

  it('writes its schema as OCDS extensions do: a merge patch whose properties all have a title, description and type', () => {
    const field = schema.definitions.Tender.properties.redFlags;
    expect(field).toMatchObject({ type: 'array', items: { $ref: '#/definitions/RedFlag' }, uniqueItems: true, wholeListMerge: true });
    const properties = schema.definitions.RedFlag.properties;
    expect(Object.keys(properties)).toEqual(['code', 'title', 'methodology']);
    expect(schema.definitions.RedFlag.required).toEqual(['code']);
    for (const [name, p] of [['redFlags', field], ...Object.entries(properties)] as Array<[string, Rec]>) {
      expect(typeof p.title, name).toBe('string');
      expect(typeof p.description, name).toBe('string');
      expect(p.type, name).toBeDefined();
    }
    expect(properties.code.pattern).toBe('^R\\d{3}$');
    for (const code of Object.keys(RED_FLAG_NAMES)) expect(code).toMatch(new RegExp(properties.code.pattern as string));
  });

  it('refuses a malformed code, a repeated flag or a methodology that is not a URI', () => {
    const redFlag = { code: 'R018', title: 'Одна пропозиція', title_en: 'Single bid received', methodology: 'https://portal.test/info/red-flags#r018' };
    expect(extended(releaseWith({ id: 't', redFlags: [redFlag] })), errorsOf(extended)).toBe(true);
    for (const bad of [
      [{ ...redFlag, code: 'R18' }],
      [{ ...redFlag, code: 'X018' }],
      [{ title: 'Одна пропозиція' }],
      [redFlag, redFlag],
      [{ ...redFlag, methodology: '/info/red-flags#r018' }],
      'R018',
    ]) {
      expect(extended(releaseWith({ id: 't', redFlags: bad })), JSON.stringify(bad)).toBe(false);
    }
  });

  it('documents the field with an example that validates', () => {
    const example = /```json\n([\s\S]+?)\n```/.exec(readme)?.[1];
    const parsed = JSON.parse(example as string) as { tender: Rec };
    expect(extended(releaseWith(parsed.tender)), errorsOf(extended)).toBe(true);
    expect((parsed.tender.redFlags as Array<{ code: string }>).map((f) => f.code)).toEqual(['R018', 'R036']);
  });
});

describe('uri', () => {
  it('keeps web addresses, percent-encodes what a URI cannot hold, and drops the rest', () => {
    expect(uri('https://host.invalid/get/abc?Signature=a%2Fb&KeyID=1')).toBe('https://host.invalid/get/abc?Signature=a%2Fb&KeyID=1');
    expect(uri('https://example.org/файл 1.pdf')).toBe('https://example.org/%D1%84%D0%B0%D0%B9%D0%BB%201.pdf');
    expect(uri('http://example.org/a%zz|b')).toBe('http://example.org/a%25zz%7Cb');
    expect(uri('http://example.org/a#b#c')).toBe('http://example.org/a#b%23c');
    expect(uri('www.example.org')).toBeUndefined();
    expect(uri('javascript:alert(1)')).toBeUndefined();
    expect(uri('mailto:a@example.org')).toBeUndefined();
    expect(uri('https://')).toBeUndefined();
    expect(uri(42)).toBeUndefined();
  });
});
