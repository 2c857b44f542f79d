/**
 * Tests only: a strict reader of the XML the feeds write (no parser is among the
 * dependencies): elements, double-quoted attributes, text with the five predefined
 * entities and numeric references, a declaration and processing instructions before the
 * root (a feed's `<?xml-stylesheet?>`), nothing else. It throws on what is not
 * well-formed (a tag left open or closed out of turn, a raw `<` or `&` in text or in an
 * attribute, an attribute twice), so a test reads what a feed reader would.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities resolved. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  if (/<|&(?!(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i.test(raw)) throw new Error(`raw markup in ${where}: ${raw.slice(0, 60)}`);
  return raw.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e]);
}

/** The document's root element. */
export function parseXml(text: string): XmlElement {
  let at = 0;
  // The declaration first, then any processing instructions (`xml` is no target of one).
  const prolog = /^(<\?xml\s[^?]*\?>)?\s*(<\?(?![Xx][Mm][Ll][\s?])[A-Za-z_][\w.-]*(\s[^?]*)?\?>\s*)*/.exec(text);
  if (prolog) at = prolog[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/y;
  while (at < text.length) {
    const next = text.indexOf('<', at);
    const chunk = text.slice(at, next < 0 ? text.length : next);
    if (chunk) {
      if (!stack.length) {
        if (chunk.trim()) throw new Error(`text outside the root: ${chunk.slice(0, 40)}`);
      } else stack[stack.length - 1].text += decode(chunk, stack[stack.length - 1].name);
    }
    if (next < 0) break;
    tag.lastIndex = next;
    const m = tag.exec(text);
    if (!m) throw new Error(`not a tag at ${next}: ${text.slice(next, next + 40)}`);
    at = tag.lastIndex;
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    if (root && !stack.length) throw new Error(`a second root <${name}>`);
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (a[1] in attrs) throw new Error(`attribute ${a[1]} twice in <${name}>`);
      attrs[a[1]] = decode(a[2], `${name}@${a[1]}`);
    }
    const element: XmlElement = { name, attrs, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(element);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length || !root) throw new Error(`unclosed <${stack[stack.length - 1]?.name ?? 'root'}>`);
  return root;
}

/** The children named `name`. */
export const childrenOf = (element: XmlElement, name: string): XmlElement[] => element.children.filter((c) => c.name === name);
/** The one child named `name` (throws when there is not exactly one). */
export function childOf(element: XmlElement, name: string): XmlElement {
  const found = childrenOf(element, name);
  if (found.length !== 1) throw new Error(`<${element.name}> has ${found.length} <${name}>`);
  return found[0];
}
