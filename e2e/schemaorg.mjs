// Checks JSON-LD against schema.org's own vocabulary (`vendor/schemaorg/vocabulary.json`,
// derived from a schema.org release): every `@type` must be a schema.org type, every
// property one schema.org allows on the node's type (its `domainIncludes`, through the
// type's superclasses), and a typed value of a property one of the property's range types
// (`rangeIncludes`, through superclasses). Used by the web unit tests (the pages' JSON-LD
// rendered from real data) and by e2e/structured-data.spec.mjs (the running portal's).
import { readFileSync } from 'node:fs';

const SCHEMA = /^(?:https?:\/\/schema\.org\/|schema:)/;

/** schema.org's vocabulary: `{ types: { Name: [superclasses] }, properties: { name: { domain, range } } }`. */
export const vocabulary = JSON.parse(readFileSync(new URL('./vendor/schemaorg/vocabulary.json', import.meta.url), 'utf8'));

const ancestry = new Map();
/** `type` and every superclass of it (a type unknown to the vocabulary: none). */
export function ancestorsOf(type) {
  let found = ancestry.get(type);
  if (found) return found;
  found = new Set();
  const visit = (t) => {
    if (found.has(t) || !(t in vocabulary.types)) return;
    found.add(t);
    for (const parent of vocabulary.types[t]) visit(parent);
  };
  visit(type);
  ancestry.set(type, found);
  return found;
}

const localName = (type) => (typeof type === 'string' ? type.replace(SCHEMA, '') : String(type));
const typesOf = (node) => (node['@type'] === undefined ? [] : [node['@type']].flat().map(localName));
const isSubtype = (types, of) => types.some((t) => of.some((o) => ancestorsOf(t).has(o)));

/**
 * Whether schema.org allows `property` on a node of `types`. Besides the vocabulary's
 * properties, an Action may annotate one of its properties with `<property>-input` or
 * `<property>-output` (schema.org's Actions: https://schema.org/docs/actions.html, e.g.
 * a SearchAction's `query-input`).
 */
export function allowed(types, property) {
  const annotated = /^(.+)-(?:input|output)$/.exec(property);
  if (annotated && !(property in vocabulary.properties)) return isSubtype(types, ['Action']) && allowed(types, annotated[1]);
  const known = vocabulary.properties[property];
  return !!known && isSubtype(types, known.domain);
}

/**
 * The problems of a JSON-LD value (a document, a `@graph`, a node or a list of them): one
 * line each, naming where (`$.@graph[1].provider`) and what. None: it uses only schema.org
 * types and properties, each where schema.org allows it.
 */
export function schemaProblems(value) {
  const problems = [];
  const walk = (v, path, property) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`, property));
    if (!v || typeof v !== 'object') return;
    if ('@graph' in v) return walk(v['@graph'], `${path}.@graph`, undefined);
    const types = typesOf(v);
    const keys = Object.keys(v).filter((k) => !k.startsWith('@'));
    // A bare reference (`{"@id": …}`) names a node described elsewhere.
    if (!types.length) {
      if (keys.length) problems.push(`${path}: a node without @type`);
    }
    for (const type of types) {
      if (!(type in vocabulary.types)) problems.push(`${path}: @type ${type} is not a schema.org type`);
    }
    const known = types.filter((t) => t in vocabulary.types);
    if (known.length && property && vocabulary.properties[property]) {
      const range = vocabulary.properties[property].range;
      if (!isSubtype(known, range)) problems.push(`${path}: a ${known.join('/')} is not among the types of ${property} (${range.join(', ')})`);
    }
    for (const key of keys) {
      if (!(key in vocabulary.properties) && !/-(?:input|output)$/.test(key)) problems.push(`${path}.${key}: not a schema.org property`);
      else if (known.length && !allowed(known, key)) problems.push(`${path}.${key}: not a property of ${known.join('/')}`);
      walk(v[key], `${path}.${key}`, key);
    }
    if (v['@reverse'] && typeof v['@reverse'] === 'object') {
      for (const [key, nodes] of Object.entries(v['@reverse'])) {
        const p = vocabulary.properties[key];
        if (!p) problems.push(`${path}.@reverse.${key}: not a schema.org property`);
        else if (known.length && !isSubtype(known, p.range)) problems.push(`${path}.@reverse.${key}: a ${known.join('/')} is not among its types (${p.range.join(', ')})`);
        for (const [i, node] of [nodes].flat().entries()) {
          const own = typesOf(node ?? {}).filter((t) => t in vocabulary.types);
          if (own.length && p && !allowed(own, key)) problems.push(`${path}.@reverse.${key}[${i}]: ${key} is not a property of ${own.join('/')}`);
          walk(node, `${path}.@reverse.${key}[${i}]`, undefined);
        }
      }
    }
  };
  walk(value, '$', undefined);
  return problems;
}

/** Every node with a `@type` in a JSON-LD value (into `@graph`s and nested values). */
export function nodesOf(value) {
  const out = [];
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    if (v['@type'] !== undefined) out.push(v);
    for (const [k, x] of Object.entries(v)) if (k !== '@context') walk(x);
  };
  walk(value);
  return out;
}

/** Whether a node is of `type` or a subtype of it. */
export const isA = (node, type) => isSubtype(typesOf(node), [type]);
