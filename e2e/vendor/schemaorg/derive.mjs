// Derives vocabulary.json from a schema.org release's JSON-LD
// (`data/releases/<release>/schemaorg-current-https.jsonld` of github.com/schemaorg/schemaorg):
// every type with its direct superclasses, every property with the types of its domain
// (`domainIncludes`) and of its range (`rangeIncludes`); nothing else (no comments, no
// enumeration members). Names are schema.org's local names (`Organization`, `name`).
//
//   git -C <schemaorg repo> show <commit>:data/releases/30.0/schemaorg-current-https.jsonld \
//     | node e2e/vendor/schemaorg/derive.mjs > e2e/vendor/schemaorg/vocabulary.json
import { readFileSync } from 'node:fs';

const PREFIX = 'schema:';
const source = JSON.parse(readFileSync(process.argv[2] ?? 0, 'utf8'));
const list = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const types = (v) => list(v).map((t) => (typeof t === 'string' ? t : t['@id']));
/** Local names of the schema.org terms among `refs` (superclasses such as `rdfs:Class` are left out), sorted. */
const local = (refs) => [...new Set(types(refs).filter((id) => id.startsWith(PREFIX)).map((id) => id.slice(PREFIX.length)))].sort();

const vocabulary = { types: {}, properties: {} };
const nodes = source['@graph'].filter((n) => typeof n['@id'] === 'string' && n['@id'].startsWith(PREFIX));
for (const node of nodes.sort((a, b) => a['@id'].localeCompare(b['@id']))) {
  const name = node['@id'].slice(PREFIX.length);
  const kinds = types(node['@type']);
  if (kinds.includes('rdfs:Class')) vocabulary.types[name] = local(node['rdfs:subClassOf']);
  else if (kinds.includes('rdf:Property')) {
    vocabulary.properties[name] = { domain: local(node['schema:domainIncludes']), range: local(node['schema:rangeIncludes']) };
  }
}
process.stdout.write(`${JSON.stringify(vocabulary, null, 0).replace(/\],"/g, '],\n"').replace(/\},"/g, '},\n"')}\n`);
