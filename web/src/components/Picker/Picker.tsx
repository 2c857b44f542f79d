/**
 * A search-filter picker for classifier codes (a tree from `/api/classifications`)
 * and organisations (the identifier lookups). The chosen values are checkboxes of
 * the search form, so the form sends them with or without JavaScript; a text field
 * takes a code typed by hand. With JavaScript a panel opens to browse the tree
 * (opening a node loads its children; showing a search hit opens its parents) or to
 * search by keyword.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  ancestorsOf, classificationsPath, fetchSearchApi, membersOf, nodeLabel, organisationLabel, organisationsPath,
  sortClassifications, type ClassificationNode, type Organisation,
} from '../../lib/classifiers';
import { usePageState } from '../../state';
import './Picker.css';

export interface Chosen {
  id: string;
  label: string;
}

export type PickerSource = { type: 'tree'; scheme: string } | { type: 'organisation'; lookup: string };

interface Props {
  /** Form field name (the filter). */
  name: string;
  legend: string;
  source: PickerSource;
  /** Values from the URL, with the labels the server looked up. */
  initial: Chosen[];
  /** Pattern a hand-typed code must match (also a hint to the browser). */
  pattern?: string;
  placeholder?: string;
}

type Load<T> = { state: 'idle' } | { state: 'loading' } | { state: 'error' } | { state: 'done'; items: T[] };

const MIN_KEYWORD = 2;

function useSearchBase(): string {
  return usePageState().config.endpoints.search;
}

export function Picker({ name, legend, source, initial, pattern, placeholder }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Chosen[]>(initial);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);

  const isChosen = (id: string) => chosen.some((c) => c.id === id);
  const toggle = (item: Chosen) =>
    setChosen((list) => (list.some((c) => c.id === item.id) ? list.filter((c) => c.id !== item.id) : [...list, item]));

  const panelId = `picker-${name}`;
  return (
    <fieldset className="picker" data-picker={name}>
      <legend>{legend}</legend>
      {chosen.length > 0 && (
        <ul className="picker-chosen">
          {chosen.map((c) => (
            <li key={c.id}>
              <label>
                <input type="checkbox" name={name} value={c.id} checked onChange={() => toggle(c)} />
                <span className="picker-id">{c.id}</span>
                {c.label !== c.id && <span className="picker-label">{c.label}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      <input
        className="picker-manual"
        name={name}
        aria-label={t('picker.addCode', { what: legend })}
        placeholder={placeholder}
        pattern={pattern}
        autoComplete="off"
      />
      {hydrated && (
        <button type="button" className="button picker-open" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? t('picker.close') : t('picker.choose')}
        </button>
      )}
      {open && (
        <div id={panelId} className="picker-panel" role="group" aria-label={legend}>
          {source.type === 'tree' ? (
            <TreePanel scheme={source.scheme} isChosen={isChosen} toggle={toggle} />
          ) : (
            <OrganisationPanel lookup={source.lookup} isChosen={isChosen} toggle={toggle} />
          )}
        </div>
      )}
    </fieldset>
  );
}

function useKeyword(): [string, string, (v: string) => void] {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  return [input, keyword, setInput];
}

function KeywordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <input
      type="search"
      className="picker-keyword"
      value={value}
      placeholder={t('picker.keyword')}
      aria-label={t('picker.keyword')}
      onChange={(e) => onChange(e.target.value)}
      // Enter searches here; it must not submit the outer search form.
      onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
    />
  );
}

function Status({ load, retry, empty }: { load: Load<unknown>; retry: () => void; empty: string }) {
  const { t } = useTranslation();
  if (load.state === 'loading') return <p className="picker-status" role="status">{t('picker.loading')}</p>;
  if (load.state === 'error')
    return (
      <p className="picker-status picker-error" role="alert">
        {t('picker.error')}{' '}
        <button type="button" className="link-button" onClick={retry}>{t('picker.retry')}</button>
      </p>
    );
  if (load.state === 'done' && load.items.length === 0) return <p className="picker-status">{empty}</p>;
  return null;
}

/** Runs `run` whenever `key` changes (aborting the previous run); `retry` runs it again. */
function useLoad<T>(key: string | null, run: (signal: AbortSignal) => Promise<T[]>): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (key === null) {
      setLoad({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    runRef.current(controller.signal).then(
      (items) => !controller.signal.aborted && setLoad({ state: 'done', items }),
      () => !controller.signal.aborted && setLoad({ state: 'error' }),
    );
    return () => controller.abort();
  }, [key, attempt]);
  return [load, () => setAttempt((n) => n + 1)];
}

interface PanelProps {
  isChosen: (id: string) => boolean;
  toggle: (item: Chosen) => void;
}

function TreePanel({ scheme, isChosen, toggle }: PanelProps & { scheme: string }) {
  const { t } = useTranslation();
  const { language } = usePageState();
  const base = useSearchBase();
  const [input, keyword, setInput] = useKeyword();
  // Children by parent id ('' = the top level), and which nodes are open.
  const [children, setChildren] = useState<Record<string, Load<ClassificationNode>>>({});
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const requested = useRef(new Set<string>());

  const fetchNodes = async (path: string, signal?: AbortSignal) =>
    sortClassifications(scheme, membersOf<ClassificationNode>(await fetchSearchApi(base, path, signal)));

  const loadChildren = async (parentId: string) => {
    if (requested.current.has(parentId)) return;
    requested.current.add(parentId);
    setChildren((m) => ({ ...m, [parentId]: { state: 'loading' } }));
    try {
      const items = await fetchNodes(classificationsPath(scheme, parentId ? { parentId } : {}));
      setChildren((m) => ({ ...m, [parentId]: { state: 'done', items } }));
    } catch {
      requested.current.delete(parentId);
      setChildren((m) => ({ ...m, [parentId]: { state: 'error' } }));
    }
  };

  useEffect(() => {
    void loadChildren('');
    // Only a new scheme starts the tree again; `loadChildren` is remade each render.
  }, [scheme]);

  const [hits, retryHits] = useLoad<ClassificationNode>(keyword.length >= MIN_KEYWORD ? keyword : null, (signal) =>
    fetchNodes(classificationsPath(scheme, { keyword }), signal),
  );

  const setOpen = (id: string, open: boolean) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Opens a node in the tree: its parents open first, then the node itself. */
  const reveal = async (node: ClassificationNode) => {
    const lookup = async (id: string) => (await fetchNodes(classificationsPath(scheme, { searchId: [id] })))[0];
    let chain: ClassificationNode[];
    try {
      chain = await ancestorsOf(node, lookup);
    } catch {
      setChildren((m) => ({ ...m, '': { state: 'error' } }));
      return;
    }
    await Promise.all(chain.map((a) => loadChildren(a.id)));
    if (node.children) void loadChildren(node.id);
    setExpanded((s) => new Set([...s, ...chain.map((a) => a.id), ...(node.children ? [node.id] : [])]));
    setInput('');
    pendingFocus.current = node.id;
    setFocusId(node.id);
  };

  // A revealed node gets focus once its row exists (its parents' children may still be loading).
  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    const found = document.querySelector<HTMLElement>(`[data-node="${CSS.escape(id)}"]`);
    if (found) {
      pendingFocus.current = null;
      found.scrollIntoView({ block: 'nearest' });
      found.querySelector<HTMLElement>('input')?.focus();
    }
  });

  const row = (node: ClassificationNode, inTree: boolean) => {
    const label = nodeLabel(node, language);
    const open = expanded.has(node.id);
    return (
      <div className={`picker-row${focusId === node.id ? ' picker-row-focus' : ''}`} data-node={inTree ? node.id : undefined}>
        {inTree && (node.children ? (
          <button
            type="button"
            className="picker-toggle"
            aria-expanded={open}
            aria-label={t(open ? 'picker.collapse' : 'picker.expand', { label })}
            onClick={() => {
              setOpen(node.id, !open);
              if (!open) void loadChildren(node.id);
            }}
          >
            {open ? '−' : '+'}
          </button>
        ) : <span className="picker-toggle-space" />)}
        <label>
          <input
            type="checkbox"
            checked={isChosen(node.id)}
            disabled={node.selectable === false}
            onChange={() => toggle({ id: node.id, label })}
          />
          <span className="picker-id">{node.id}</span>
          {label !== node.id && <span className="picker-label">{label}</span>}
        </label>
        {!inTree && (
          <button type="button" className="link-button picker-reveal" onClick={() => void reveal(node)}>
            {t('picker.showInTree')}
          </button>
        )}
      </div>
    );
  };

  const level = (parentId: string): ReactNode => {
    const load = children[parentId] ?? { state: 'idle' };
    if (load.state !== 'done') {
      return <Status load={load} retry={() => void loadChildren(parentId)} empty={t('picker.nothing')} />;
    }
    return (
      <ul className="picker-tree" role={parentId ? 'group' : 'tree'}>
        {load.items.map((node) => (
          <li key={node.id} role="treeitem" aria-expanded={node.children ? expanded.has(node.id) : undefined}>
            {row(node, true)}
            {node.children && expanded.has(node.id) && level(node.id)}
          </li>
        ))}
      </ul>
    );
  };

  const searching = keyword.length >= MIN_KEYWORD;
  return (
    <>
      <KeywordField value={input} onChange={setInput} />
      {searching ? (
        <>
          <Status load={hits} retry={retryHits} empty={t('picker.nothing')} />
          {hits.state === 'done' && (
            <ul className="picker-hits">
              {hits.items.map((node) => (
                <li key={node.id}>{row(node, false)}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <div className="picker-tree-box">{level('')}</div>
      )}
    </>
  );
}

function OrganisationPanel({ lookup, isChosen, toggle }: PanelProps & { lookup: string }) {
  const { t } = useTranslation();
  const base = useSearchBase();
  const [input, keyword, setInput] = useKeyword();
  const [hits, retry] = useLoad<Organisation>(keyword.length >= MIN_KEYWORD ? keyword : null, async (signal) =>
    membersOf<Organisation>(await fetchSearchApi(base, organisationsPath(lookup, { keyword }), signal)),
  );
  const items = useMemo(() => (hits.state === 'done' ? hits.items : []), [hits]);
  return (
    <>
      <KeywordField value={input} onChange={setInput} />
      {keyword.length < MIN_KEYWORD ? (
        <p className="picker-status">{t('picker.typeToSearch', { count: MIN_KEYWORD })}</p>
      ) : (
        <Status load={hits} retry={retry} empty={t('picker.nothing')} />
      )}
      {items.length > 0 && (
        <ul className="picker-hits">
          {items.map((org) => {
            const label = organisationLabel(org);
            return (
              <li key={org.id}>
                <div className="picker-row">
                  <label>
                    <input type="checkbox" checked={isChosen(org.id)} onChange={() => toggle({ id: org.id, label })} />
                    <span className="picker-id">{org.id}</span>
                    {label !== org.id && <span className="picker-label">{label}</span>}
                  </label>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
