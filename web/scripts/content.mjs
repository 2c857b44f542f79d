// Renders the info pages' Markdown (content/info/<page>.<language>.md) to HTML at build
// time and writes, under src/pages/Info/, one module per page and language
// (content/<page>.<language>.gen.ts: the HTML, a table of contents of its h2/h3 with their
// ids, and the page's component over them) and content.gen.ts, which loads each as a
// chunk of its own: an info page's first load carries its own text in its own language
// only. Run by build.mjs before the bundles; also `node scripts/content.mjs`. Writes only
// the files whose text changes, so it is idempotent.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';

const CONTENT_DIR = fileURLToPath(new URL('../../content/info/', import.meta.url));
const OUTPUT_DIR = fileURLToPath(new URL('../src/pages/Info/', import.meta.url));
const LANGUAGES = ['uk', 'en'];
/** Ids the page frame uses around the content; a heading never takes one of them. */
const RESERVED_IDS = ['page-title', 'info-toc-title', 'contacts-title', 'site-menu', 'error-title', 'root'];
/** Label of a table's scroll region when no heading precedes it. */
const TABLE_LABEL = { uk: 'Таблиця', en: 'Table' };

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Entities marked's lexer leaves in text (`&amp;` written in the source) back to characters. */
const decodeEntities = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (m, e) => {
    const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[e.toLowerCase()];
    if (named) return named;
    const code = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : m;
  });

/** The plain text of inline tokens (for slugs and the table of contents). */
function plainText(tokens) {
  return tokens
    .map((t) => {
      if (t.type === 'html') return '';
      if (t.type === 'br') return ' ';
      if ('tokens' in t && t.tokens) return plainText(t.tokens);
      return decodeEntities(t.text ?? '');
    })
    .join('');
}

/**
 * A slug that keeps letters of any script (Cyrillic included) and digits: lower case,
 * everything else collapsed to `-`. `1. Загальні положення` → `1-загальні-положення`.
 */
export function slugify(text, language = 'uk') {
  const slug = text
    .normalize('NFKC')
    .toLocaleLowerCase(language)
    .replace(/[’'ʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Gives each heading a unique id: the slug, then `-2`, `-3` for repeats. */
function slugger(language) {
  const used = new Set(RESERVED_IDS);
  return (base) => {
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/** `## Title {#custom-id}`: an explicit, stable id for a heading (Latin letters, digits, `-`, `_`). */
const EXPLICIT_ID = /\s*\{#([A-Za-z][\w-]*)\}\s*$/;

/** Renders one Markdown document: `{ html, toc }`. `name` only labels errors. */
export function renderMarkdown(markdown, language, name = 'document') {
  const unique = slugger(language);
  const toc = [];
  let lastHeadingId = null;
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token) {
        if (token.depth === 1) throw new Error(`${name}: use "##" and deeper; the page's own title is its only h1`);
        const tokens = [...token.tokens];
        let explicit = null;
        const last = tokens[tokens.length - 1];
        if (last && last.type === 'text') {
          const m = EXPLICIT_ID.exec(last.text);
          if (m) {
            explicit = m[1];
            tokens[tokens.length - 1] = { ...last, text: last.text.replace(EXPLICIT_ID, ''), raw: last.raw.replace(EXPLICIT_ID, ''), tokens: undefined };
          }
        }
        const text = plainText(tokens).replace(/\s+/g, ' ').trim();
        const id = unique(explicit ?? slugify(text, language));
        lastHeadingId = id;
        if (token.depth <= 3) toc.push({ id, text, depth: token.depth });
        return `<h${token.depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${token.depth}>\n`;
      },
      table(token) {
        // A class, not a `style` attribute: the Content-Security-Policy allows no inline styles.
        const align = (a) => (a ? ` class="align-${a}"` : '');
        const head = token.header
          .map((cell) => `<th scope="col"${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</th>`)
          .join('');
        const rows = token.rows
          .map((row) => `<tr>${row.map((cell) => `<td${align(cell.align)}>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`)
          .join('\n');
        const label = lastHeadingId
          ? `aria-labelledby="${escapeHtml(lastHeadingId)}"`
          : `aria-label="${escapeHtml(TABLE_LABEL[language] ?? TABLE_LABEL.en)}"`;
        // A focusable, labelled region: keyboard users can scroll a table wider than a phone.
        return (
          `<div class="table-scroll" role="region" tabindex="0" ${label}>` +
          `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table></div>\n`
        );
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html, toc };
}

/** Reads every `<page>.<language>.md` and renders it; each page needs every language. */
export function renderAll(dir = CONTENT_DIR) {
  const pages = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.md')) continue;
    const m = /^([a-z][A-Za-z0-9]*)\.([a-z]{2})\.md$/.exec(file);
    if (!m) throw new Error(`content/info/${file}: name it <page>.<language>.md, e.g. tariffs.uk.md`);
    const [, page, language] = m;
    if (!LANGUAGES.includes(language)) throw new Error(`content/info/${file}: language must be one of ${LANGUAGES.join(', ')}`);
    const text = readFileSync(`${dir}/${file}`, 'utf8');
    if (!text.trim()) throw new Error(`content/info/${file} is empty`);
    (pages[page] ??= {})[language] = renderMarkdown(text, language, `content/info/${file}`);
  }
  for (const [page, languages] of Object.entries(pages)) {
    const missing = LANGUAGES.filter((l) => !languages[l]);
    if (missing.length) throw new Error(`content/info/${page}: missing ${missing.map((l) => `${page}.${l}.md`).join(', ')}`);
  }
  return pages;
}

const GENERATED = '/* Generated by web/scripts/content.mjs from content/info/*.md: edit those files, not this one. */';

/** The generated modules' sources, by path under src/pages/Info/. */
export function moduleSources(pages) {
  const names = Object.keys(pages);
  const sources = new Map();
  const languageType = LANGUAGES.map((l) => JSON.stringify(l)).join(' | ');
  const loaders = names
    .map((p) => `  ${JSON.stringify(p)}: {\n${LANGUAGES.map((l) => `    ${l}: () => import('./content/${p}.${l}.gen'),`).join('\n')}\n  },`)
    .join('\n');
  sources.set(
    'content.gen.ts',
    `${GENERATED}
import type { PageChunk } from '../../lib/routeModule';

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

export interface InfoContent {
  /** Rendered Markdown (trusted operator content). */
  html: string;
  /** The h2/h3 headings in document order. */
  toc: TocEntry[];
}

export type InfoPage = ${names.map((n) => JSON.stringify(n)).join(' | ') || 'never'};

/** What each page's chunk exports: its content, and its component over it. */
export interface InfoChunk extends PageChunk {
  content: InfoContent;
}

/** The chunk of each page in each language. */
export const infoChunks: Record<InfoPage, Record<${languageType}, () => Promise<InfoChunk>>> = {
${loaders}
};
`,
  );
  for (const p of names) {
    for (const l of LANGUAGES) {
      sources.set(
        `content/${p}.${l}.gen.ts`,
        `${GENERATED}
import type { InfoContent } from '../content.gen';
import { infoPage } from '../Info';

export const content: InfoContent = ${JSON.stringify(pages[p][l], null, 2)};

export default infoPage(content);
`,
      );
    }
  }
  return sources;
}

/**
 * Renders the content, writes the modules whose text changed and removes those of pages
 * that are gone; answers how many files it wrote or removed.
 */
export function generateContent() {
  const sources = moduleSources(renderAll());
  mkdirSync(`${OUTPUT_DIR}content`, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(`${OUTPUT_DIR}content`)) {
    if (sources.has(`content/${file}`)) continue;
    rmSync(`${OUTPUT_DIR}content/${file}`);
    changed++;
  }
  for (const [path, source] of sources) {
    const file = OUTPUT_DIR + path;
    if (existsSync(file) && readFileSync(file, 'utf8') === source) continue;
    writeFileSync(file, source);
    changed++;
  }
  return changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const changed = generateContent();
  console.log(changed ? `content: ${changed} file(s) written or removed in ${OUTPUT_DIR}` : 'content: up to date');
}
