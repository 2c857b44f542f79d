/**
 * The classification tree of the market home (SPEC §2.5, §3 "Classification-tree node"):
 * CPV divisions → market classifications → their categories. A node opens and closes;
 * opening a node opens its parents. Without JavaScript every toggle is a link
 * (`/market?open=<id>`): the server renders that node open, with its parents, and a
 * classification's categories it fetched for it. With JavaScript the same links toggle in
 * place, and a classification's categories are read from the search service when it
 * first opens.
 */
import { useState, type MouseEvent } from 'react';
import { AppLink } from '../../components/AppLink/AppLink';
import { useTranslation } from '../../i18n/react';
import type { ClassificationNode } from '../../lib/classifiers';
import { formatNumber } from '../../lib/format';
import { categoryPath, classificationPath, fetchCatalogue, localized, marketPath, type MarketClassification } from '../../lib/market';
import { usePageState } from '../../state';

type Categories = NonNullable<MarketClassification['categories']>;
type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; categories: Categories };

export interface TreeDivision {
  id: string;
  label: string;
  classifications: MarketClassification[];
}

/** The two-digit division of a CPV code. */
const divisionCode = (id: string) => id.slice(0, 2);

/**
 * The divisions the classifications fall under, in code order, each with its
 * classifications in code order. Names come from the top level of the CPV tree
 * (`divisions`); a division missing there is named by its code.
 */
export function treeOf(classifications: MarketClassification[], divisions: ClassificationNode[], language: string, unnamed: (code: string) => string): TreeDivision[] {
  const byCode = new Map<string, TreeDivision>();
  for (const c of [...classifications].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const code = divisionCode(c.id);
    let d = byCode.get(code);
    if (!d) {
      const node = divisions.find((n) => divisionCode(n.id) === code && /^\d{2}000000/.test(n.id));
      d = { id: node?.id ?? `${code}000000`, label: (node && ((language === 'en' && node.name_en) || node.name)) || unnamed(code), classifications: [] };
      byCode.set(code, d);
    }
    d.classifications.push(c);
  }
  return [...byCode.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The node `id` and its parents (a classification's division), as the open set gains them. */
export function withParents(tree: TreeDivision[], id: string): string[] {
  for (const d of tree) {
    if (d.id === id) return [d.id];
    if (d.classifications.some((c) => c.id === id)) return [d.id, id];
  }
  return [];
}

/** The address that shows `id` open (its parents too) without JavaScript; `null`: all closed. */
const openHref = (id: string | null) => (id ? `${marketPath}?open=${encodeURIComponent(id)}#tree-${id}` : `${marketPath}#tree`);

export interface TreeState {
  open: ReadonlySet<string>;
  loads: Readonly<Record<string, Load>>;
  /** Opens `id` and its parents; a classification's categories load the first time. */
  openNode: (id: string) => void;
  closeNode: (id: string) => void;
  load: (id: string) => void;
}

/** The open nodes (first those of `?open=`, with their parents) and the categories loaded. */
export function useTreeState(tree: TreeDivision[], initialOpen: string | null, opened?: MarketClassification | null): TreeState {
  const { config } = usePageState();
  const [open, setOpen] = useState<Set<string>>(() => new Set(initialOpen ? withParents(tree, initialOpen) : []));
  const [loads, setLoads] = useState<Record<string, Load>>(() =>
    opened?.id && Array.isArray(opened.categories) ? { [opened.id]: { state: 'done', categories: opened.categories } } : {},
  );

  const load = (id: string) => {
    setLoads((l) => ({ ...l, [id]: { state: 'loading' } }));
    fetchCatalogue<MarketClassification>(config.endpoints.search, `/api/market_classifications/${encodeURIComponent(id)}`)
      .then((body) => setLoads((l) => ({ ...l, [id]: { state: 'done', categories: Array.isArray(body.categories) ? body.categories : [] } })))
      .catch((error: unknown) => {
        console.error(`market classification ${id}: categories failed to load`, error);
        setLoads((l) => ({ ...l, [id]: { state: 'failed' } }));
      });
  };

  const openNode = (id: string) => {
    setOpen((o) => new Set([...o, ...withParents(tree, id)]));
    const isClassification = tree.some((d) => d.classifications.some((c) => c.id === id));
    if (isClassification && (!loads[id] || loads[id].state === 'failed')) load(id);
  };
  const closeNode = (id: string) =>
    setOpen((o) => {
      const next = new Set(o);
      next.delete(id);
      return next;
    });
  return { open, loads, openNode, closeNode, load };
}

export function Tree({ tree, state }: { tree: TreeDivision[]; state: TreeState }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const { open, loads, openNode, closeNode, load } = state;

  const toggle = (id: string, parent: string | null) => {
    const isOpen = open.has(id);
    const click = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      if (isOpen) closeNode(id);
      else openNode(id);
    };
    return { href: openHref(isOpen ? parent : id), 'aria-expanded': isOpen, onClick: click };
  };

  const count = (n: number | undefined, key: 'products' | 'categories') =>
    typeof n === 'number' ? <span className="tree-count">{t(`market.count.${key}`, { count: n, formatted: formatNumber(n, 0, language) })}</span> : null;

  return (
    <ul className="market-tree">
      {tree.map((d) => (
        <li key={d.id} id={`tree-${d.id}`} className="tree-node">
          <a className="tree-toggle" {...toggle(d.id, null)}>
            <span className="tree-marker" aria-hidden="true" />
            {d.label}
          </a>
          {open.has(d.id) && (
            <ul>
              {d.classifications.map((c) => {
                const l = loads[c.id];
                return (
                  <li key={c.id} id={`tree-${c.id}`} className="tree-node">
                    <a className="tree-toggle" {...toggle(c.id, d.id)}>
                      <span className="tree-marker" aria-hidden="true" />
                      {localized(language, c.title, c.title_en) || c.id}
                    </a>{' '}
                    {count(c.activeCategoriesCount ?? c.categoriesCount, 'categories')}
                    {open.has(c.id) && (
                      <ul>
                        <li className="tree-leaf">
                          <AppLink to={classificationPath(c.id)}>{t('market.tree.classificationPage', { id: c.id })}</AppLink>
                        </li>
                        {l?.state === 'loading' && (
                          <li className="tree-status" role="status">
                            {t('loading.text')}
                          </li>
                        )}
                        {l?.state === 'failed' && (
                          <li className="tree-status" role="alert">
                            {t('market.tree.failed')}{' '}
                            <button type="button" className="link-button" onClick={() => load(c.id)}>
                              {t('market.tree.retry')}
                            </button>
                          </li>
                        )}
                        {l?.state === 'done' &&
                          l.categories
                            .filter((cat) => cat.status !== 'hidden')
                            .map((cat) => (
                              <li key={cat.id} className="tree-leaf">
                                <AppLink to={categoryPath(cat.id)}>{localized(language, cat.title, cat.title_en) || cat.id}</AppLink>{' '}
                                {count(cat.productsCount, 'products')}
                              </li>
                            ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A link that shows classification `id` in the tree: its node opens, with its parents. */
export function ShowInTree({ id, onShow }: { id: string; onShow: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <a
      className="tree-show"
      href={openHref(id)}
      onClick={(event) => {
        event.preventDefault();
        onShow(id);
      }}
    >
      {t('market.tree.show')}
    </a>
  );
}
