/**
 * Building blocks of a release: values, periods, parties, items, documents, milestones,
 * lots, and the release itself.
 */
import { CLASSIFICATION_SCHEMES, DOCUMENT_TYPES, MILESTONE_STATUSES, MILESTONE_TYPES, tenderStatus } from './codes';
import { clean, code, dateTime, lastById, mapped, num, type Rec, rec, recs, text, uri } from './read';
import type { OcdsAddress, OcdsAward, OcdsClassification, OcdsContactPoint, OcdsContract, OcdsDocument, OcdsIdentifier, OcdsItem, OcdsLocation, OcdsLot, OcdsMilestone, OcdsMilestoneStatus, OcdsOrganization, OcdsOrganizationReference, OcdsPartyRole, OcdsPeriod, OcdsPlanning, OcdsTender, OcdsUnit, OcdsValue, Release, ReleaseTag } from './shapes';

const CURRENCY = /^[A-Z]{3}$/;

/** A value with a finite amount (a currency alone, as `minValue` of ESCO tenders, says nothing). */
export function value(v: unknown): OcdsValue | undefined {
  const r = rec(v);
  const amount = num(r?.amount);
  if (!r || amount === undefined) return undefined;
  const currency = typeof r.currency === 'string' && CURRENCY.test(r.currency) ? r.currency : undefined;
  return clean({ amount, currency });
}

export function period(v: unknown): OcdsPeriod | undefined {
  const r = rec(v);
  return r && clean({ startDate: dateTime(r.startDate), endDate: dateTime(r.endDate) });
}

function identifier(v: unknown): OcdsIdentifier | undefined {
  const r = rec(v);
  return r && clean({
    scheme: code(r.scheme),
    id: code(r.id),
    legalName: text(r.legalName),
    legalName_en: text(r.legalName_en),
    uri: uri(r.uri),
  });
}

function address(v: unknown): OcdsAddress | undefined {
  const r = rec(v);
  return r && clean({
    streetAddress: text(r.streetAddress),
    locality: text(r.locality),
    region: text(r.region),
    postalCode: text(r.postalCode),
    countryName: text(r.countryName),
  });
}

function contactPoint(v: unknown): OcdsContactPoint | undefined {
  const r = rec(v);
  return r && clean({
    name: text(r.name),
    email: text(r.email),
    telephone: text(r.telephone),
    faxNumber: text(r.faxNumber),
    url: uri(r.url),
  });
}

/**
 * The parties of one release: every organisation once (by identifier), with every role
 * it plays; the sections hold references to them.
 */
export class Parties {
  private readonly byId = new Map<string, OcdsOrganization>();

  /** The reference to `org` playing `role`; undefined for an organisation with neither identifier nor name. */
  ref(org: unknown, role: OcdsPartyRole): OcdsOrganizationReference | undefined {
    const o = rec(org);
    if (!o) return undefined;
    const ident = identifier(o.identifier);
    const name = text(o.name) ?? ident?.legalName;
    const id = ident?.id ? (ident.scheme ? `${ident.scheme}-${ident.id}` : ident.id) : name?.trim();
    if (!id) return undefined;
    const party = clean({
      id,
      name,
      name_en: text(o.name_en) ?? ident?.legalName_en,
      identifier: ident,
      additionalIdentifiers: mapped(o.additionalIdentifiers, identifier),
      address: address(o.address),
      contactPoint: contactPoint(o.contactPoint),
      roles: [role],
    }) as OcdsOrganization;
    const known = this.byId.get(id);
    if (!known) this.byId.set(id, party);
    else {
      if (!known.roles.includes(role)) known.roles.push(role);
      // Another mention may say more (a bid's tenderer has a contact point, the award's supplier not).
      const fill = known as unknown as Record<string, unknown>;
      for (const [k, v] of Object.entries(party)) if (fill[k] === undefined) fill[k] = v;
    }
    return clean({ id, name });
  }

  /** Distinct references to the organisations of `orgs` in `role`. */
  refs(orgs: unknown, role: OcdsPartyRole): OcdsOrganizationReference[] {
    const out = new Map<string, OcdsOrganizationReference>();
    for (const o of recs(orgs)) {
      const r = this.ref(o, role);
      if (r && !out.has(r.id)) out.set(r.id, r);
    }
    return [...out.values()];
  }

  list(): OcdsOrganization[] {
    return [...this.byId.values()];
  }
}

function classification(v: unknown): OcdsClassification | undefined {
  const r = rec(v);
  if (!r) return undefined;
  const scheme = code(r.scheme);
  return clean({
    scheme: scheme && (CLASSIFICATION_SCHEMES[scheme] ?? scheme),
    id: code(r.id),
    description: text(r.description),
    description_en: text(r.description_en),
    uri: uri(r.uri),
  });
}

/** Additional classifications; the platform's "not defined" code (scheme `NONE`) says nothing and is left out. */
function additionalClassifications(v: unknown): OcdsClassification[] {
  const seen = new Set<string>();
  return mapped(v, (r) => {
    if (r.scheme === 'NONE') return undefined;
    const c = classification(r);
    const key = JSON.stringify(c);
    // The schema wants the list's elements distinct.
    if (!c || seen.has(key)) return undefined;
    seen.add(key);
    return c;
  });
}

function unit(v: unknown): OcdsUnit | undefined {
  const r = rec(v);
  if (!r) return undefined;
  const id = code(r.code);
  // The platform's unit codes are UN/CEFACT Recommendation 20's (H87, KGM, E48…).
  return clean({ scheme: id ? ('UNCEFACT' as const) : undefined, id, name: text(r.name), value: value(r.value) });
}

function coordinate(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() ? Number(v) : num(v);
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

function location(v: unknown): OcdsLocation | undefined {
  const r = rec(v);
  const lat = coordinate(r?.latitude);
  const lng = coordinate(r?.longitude);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { geometry: { type: 'Point', coordinates: [lng, lat] } };
}

function item(r: Rec): OcdsItem | undefined {
  const id = code(r.id);
  if (!id) return undefined;
  return clean({
    id,
    description: text(r.description),
    description_en: text(r.description_en),
    classification: classification(r.classification),
    additionalClassifications: additionalClassifications(r.additionalClassifications),
    quantity: num(r.quantity),
    unit: unit(r.unit),
    deliveryAddress: address(r.deliveryAddress),
    deliveryLocation: location(r.deliveryLocation),
    relatedLot: code(r.relatedLot),
  }) as OcdsItem;
}

/** Items with distinct ids (the schema wants the list's elements distinct). */
export const items = (v: unknown): OcdsItem[] => lastById(mapped(v, item));

/**
 * A document. Its `id`, else its `url` (the search snapshot's documents have no id; the
 * url names the file as uniquely): without either it cannot be referenced and is left out.
 */
function document(r: Rec): OcdsDocument | undefined {
  const url = uri(r.url);
  const id = code(r.id) ?? url;
  if (!id) return undefined;
  const type = typeof r.documentType === 'string' && DOCUMENT_TYPES.has(r.documentType) ? r.documentType : undefined;
  const lot = r.documentOf === 'lot' ? code(r.relatedItem) : undefined;
  return clean({
    id,
    documentType: type,
    title: text(r.title),
    title_en: text(r.title_en),
    description: text(r.description),
    description_en: text(r.description_en),
    url,
    datePublished: dateTime(r.datePublished),
    dateModified: dateTime(r.dateModified),
    format: text(r.format),
    language: code(r.language),
    relatedLots: lot ? [lot] : undefined,
  }) as OcdsDocument;
}

/** The current version of each document (a new version repeats the id). */
export const documents = (v: unknown): OcdsDocument[] => lastById(mapped(v, document));

function milestone(r: Rec): OcdsMilestone | undefined {
  const id = code(r.id);
  if (!id) return undefined;
  const lot = code(r.relatedLot);
  return clean({
    id,
    title: text(r.title),
    type: typeof r.type === 'string' && MILESTONE_TYPES.has(r.type) ? r.type : undefined,
    description: text(r.description),
    code: code(r.code),
    dueDate: dateTime(r.dueDate),
    dateMet: dateTime(r.dateMet),
    dateModified: dateTime(r.dateModified),
    status: typeof r.status === 'string' && MILESTONE_STATUSES.has(r.status) ? (r.status as OcdsMilestoneStatus) : undefined,
    documents: documents(r.documents),
    relatedLots: lot ? [lot] : undefined,
  }) as OcdsMilestone;
}

export const milestones = (v: unknown): OcdsMilestone[] => mapped(v, milestone);

export function lot(r: Rec): OcdsLot | undefined {
  const id = code(r.id);
  if (!id) return undefined;
  return clean({
    id,
    title: text(r.title),
    title_en: text(r.title_en),
    description: text(r.description),
    description_en: text(r.description_en),
    status: tenderStatus(r.status),
    value: value(r.value),
  }) as OcdsLot;
}

/**
 * The buyer of a tender or plan: the first of its `buyers`, else its procuring entity
 * (a party as the procuring entity in any case). Parties are listed in that order.
 */
export function buyerOf(r: Rec, parties: Parties): { buyer?: OcdsOrganizationReference; procuringEntity?: OcdsOrganizationReference } {
  const buyers = parties.refs(r.buyers, 'buyer');
  const procuringEntity = parties.ref(r.procuringEntity, 'procuringEntity');
  const buyer = buyers[0] ?? (procuringEntity && parties.ref(r.procuringEntity, 'buyer'));
  return { buyer, procuringEntity };
}

/** The release's `date` (the record's last change) and `id` (one per state of the record). */
export function stamp(r: Rec, recordId: string): { id: string; date: string } {
  const date = dateTime(r.dateModified) ?? dateTime(r.date) ?? dateTime(r.dateCreated) ?? '';
  const status = code(r.status);
  return { id: [recordId, date, status].filter(Boolean).join('-'), date };
}

/** The release in OCDS's order of fields, sections without content left out. */
export function release(parts: {
  ocid: string;
  stamp: { id: string; date: string };
  tag: ReleaseTag[];
  parties: Parties;
  buyer?: OcdsOrganizationReference;
  planning?: OcdsPlanning;
  tender?: OcdsTender;
  awards?: OcdsAward[];
  contracts?: OcdsContract[];
}): Release {
  const out = clean({
    ocid: parts.ocid,
    id: parts.stamp.id,
    date: parts.stamp.date || undefined,
    tag: parts.tag,
    initiationType: 'tender' as const,
    language: 'uk' as const,
    parties: parts.parties.list(),
    buyer: parts.buyer,
    planning: parts.planning,
    tender: parts.tender,
    awards: parts.awards,
    contracts: parts.contracts,
  });
  return out as Release;
}
