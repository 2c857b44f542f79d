/**
 * The platform's records (tenders, plans, contracts) as OCDS 1.1 releases, for the
 * registers' OCDS exports and the tender page's own release package: pure functions
 * over parsed JSON, called once per record while the server streams a package page by
 * page (`packageOpening(...) + releases.join(',') + PACKAGE_CLOSING`).
 *
 * Every value comes from the record; a field the record lacks (or holds in a form the
 * schema refuses: a date without a time zone, a link that is not a URI) is left out,
 * never filled with a placeholder. The same functions read full records and search-list
 * members (which lack `documents` and `bids`, and for contracts `items`, `changes` and
 * `milestones`, giving `numberOfBids` and the like instead).
 *
 * Decisions (the report of the export feature repeats them):
 * - ocid: `ocds-be6bcu-<tenderID>` (Prozorro's registered prefix), plans
 *   `ocds-be6bcu-<planID>`. A contract belongs to its tender's process: its `tenderID`
 *   when the record has it (derived contracts), else the tenderID its `contractID`
 *   starts with (`<tenderID>-<server letter><n>`, the central database's rule), else
 *   its tender's 32-hex `tender_id` (an ocid that no tender release uses: the record
 *   names its tender no other way), else its own id.
 * - release `id`: `<record id>-<dateModified>-<status>`: unique per state of a record
 *   (the status is there because the API-documentation examples give several states of
 *   one contract the same frozen `dateModified`). `date`: `dateModified`.
 * - parties: one per organisation, its id `<identifier.scheme>-<identifier.id>`
 *   (`UA-EDR-04371224`, as OCDS recommends), else its name; roles merged. A tender's
 *   procuring entity is also its buyer unless the tender names `buyers`.
 * - statuses, methods and codes are mapped onto OCDS's closed codelists; a code with no
 *   counterpart leaves the field out (see `codes.ts`).
 * - lots, `relatedLot(s)` (lots extension) and items' `deliveryAddress`/`deliveryLocation`
 *   (location extension) are extension fields: the package lists both extensions.
 * - `tender.redFlags` is the field of the portal's own red-flags extension
 *   (`web/public/docs/ocds/red-flags/`, its URL `<origin>/docs/ocds/red-flags/extension.json`,
 *   listed in every package): per code of a search member's `redFlags` that the portal
 *   knows, in the member's order, `{code, title (uk), title_en, methodology}`, the
 *   methodology `<origin>/info/red-flags#<code>`. Left out when the member lists none
 *   (nothing raised) or has no `redFlags` (a search service that does not compute them).
 *   A full record has no `redFlags`: the single tender's package (`exports.ts`) takes
 *   them from the server's own assessment of that record instead.
 */

export * from './shapes';
export { DOCUMENT_TYPES, METHOD, OCID_PREFIX, tenderStatus } from './codes';
export { uri } from './read';
export { tenderOcid, tenderRelease } from './tender';
export { planOcid, planRelease } from './plan';
export { contractOcid, contractRelease } from './contract';
export { OCDS_EXTENSIONS, ocdsExtensions, PACKAGE_CLOSING, packageOpening, type PackageMeta } from './package';
export { RED_FLAG_NAMES, RED_FLAGS_EXTENSION_PATH, ocdsRedFlags, redFlagsExtensionUrl } from './redFlags';
