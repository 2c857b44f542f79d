/**
 * A contract as an OCDS `contract` release of its tender's process; also the contract
 * section of a tender's release.
 */
import { documents, items, milestones, Parties, period, release, stamp, value } from './blocks';
import { contractStatus, method, OCID_PREFIX } from './codes';
import { clean, code, dateTime, mapped, type Rec, text } from './read';
import type { OcdsAward, OcdsContract, OcdsTender, Release, ReleaseTag } from './shapes';

/** `UA-2027-01-01-000001-a-a1` -> `UA-2027-01-01-000001-a`: a contract's number is its tender's plus `-<letter><n>`. */
const CONTRACT_ID = /^(UA-\d{4}-\d{2}-\d{2}-\d{6}(?:-[a-z])?)-[a-z]\d+$/i;

/** The ocid of a contract: its tender's process (see the module's notes for the order of the sources). */
export function contractOcid(contract: object): string {
  const c = contract as Rec;
  const fromNumber = CONTRACT_ID.exec(code(c.contractID) ?? '')?.[1];
  return `${OCID_PREFIX}-${code(c.tenderID) ?? fromNumber ?? code(c.tender_id) ?? code(c.id) ?? ''}`;
}

export function contract(c: Rec, parties: Parties): OcdsContract | undefined {
  const id = code(c.id);
  const awardID = code(c.awardID);
  // OCDS requires the award a contract follows: a contract naming none cannot be linked.
  if (!id || !awardID) return undefined;
  // Suppliers are the award's in OCDS; a contract's own list makes them parties all the same.
  parties.refs(c.suppliers, 'supplier');
  const amendments = mapped(c.changes, (ch) => {
    // Only changes in force (a pending one may still be dropped).
    if (ch.status !== undefined && ch.status !== 'active') return undefined;
    return clean({
      id: code(ch.id),
      date: dateTime(ch.dateSigned) ?? dateTime(ch.date),
      rationale: text(ch.rationale),
      rationale_en: text(ch.rationale_en),
    });
  });
  return clean({
    id,
    awardID,
    title: text(c.title),
    title_en: text(c.title_en),
    description: text(c.description),
    description_en: text(c.description_en),
    status: contractStatus(c.status),
    period: period(c.period),
    value: value(c.value),
    items: items(c.items),
    dateSigned: dateTime(c.dateSigned),
    documents: documents(c.documents),
    milestones: milestones(c.milestones),
    amendments,
  }) as OcdsContract;
}

/**
 * A contract (a central-database contract, a contract derived from a tender's award, or
 * a search member of either) as a `contract` release of its tender's process: the
 * contract, the award it follows (its id and the suppliers: all the record says of it),
 * and the tender's id and method when the record has them. Tags: `contract`, plus
 * `contractAmendment` when changes are in force and `contractTermination` once terminated.
 */
export function contractRelease(contractRecord: object): Release {
  const c = contractRecord as Rec;
  const parties = new Parties();
  const recordId = code(c.id) ?? code(c.contractID) ?? '';

  const buyer = parties.ref(c.buyer ?? c.procuringEntity, 'buyer');
  const suppliers = parties.refs(c.suppliers, 'supplier');
  const mappedContract = contract(c, parties);
  const awardID = code(c.awardID);
  const award = awardID ? (clean({ id: awardID, suppliers }) as OcdsAward) : undefined;
  const tenderId = code(c.tender_id);
  const tenderSection = tenderId
    ? (clean({
        id: tenderId,
        procurementMethod: method(c.procurementMethodType, c.procurementMethod),
        procurementMethodDetails: text(c.procurementMethodType),
      }) as OcdsTender)
    : undefined;

  const tag: ReleaseTag[] = ['contract'];
  if (mappedContract?.amendments?.length) tag.push('contractAmendment');
  if (mappedContract?.status === 'terminated') tag.push('contractTermination');

  return release({
    ocid: contractOcid(c),
    stamp: stamp(c, recordId),
    tag,
    parties,
    buyer,
    tender: tenderSection,
    awards: award ? [award] : undefined,
    contracts: mappedContract ? [mappedContract] : undefined,
  });
}
