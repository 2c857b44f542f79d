/**
 * The panel of a search-filter picker (`Picker.tsx`), loaded when it first opens: the
 * tree of a classifier (opening a node loads its children; showing a search hit opens
 * its parents) and the keyword search. The keyword field is a WAI-ARIA combobox: its
 * hits are a listbox of options (arrow keys move, Enter chooses or drops one, Escape
 * empties the field and then closes the panel, giving focus back to its opener).
 * In the tree, as in the WAI-ARIA tree pattern, Up and Down move between rows, Right
 * opens a node and then goes to its first child, Left closes it and then goes to its
 * parent, Home and End go to the first and last rows; Tab still reaches every control.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  classificationsPath, nodeLabel, organisationLabel, organisationsPath,
  type ClassificationNode, type Organisation,
} from '../../lib/classifiers';
import { ancestorsOf, sortClassifications } from '../../lib/classifierTree';
import { usePageState } from '../../state';
import { named, type Chosen, type PickerSource } from './chosen';
import { fetchSearchApi } from '../../lib/api';
import { membersOf } from '../../records/collection';

type Load<T> = { state: 'idle' } | { state: 'loading' } | { state: 'error' } | { state: 'done'; items: T[] };

const MIN_KEYWORD = 2;

function useSearchBase(): string {
  return usePageState().config.endpoints.search;
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

type Hit = Chosen & { disabled?: boolean };

/**
 * The keyword field (a combobox) and its hits (a listbox whose options are chosen or not;
 * `aria-activedescendant` marks the one the arrow keys reached). `reveal`, for the tree,
 * shows a hit in the tree: its link for the mouse, → on the active hit for the keyboard.
 */
function Combobox(props: PanelProps & { value: string; onChange: (v: string) => void; hits: Hit[]; status: ReactNode; reveal?: (i: number) => void }) {
  const { value, onChange, hits, status, reveal, isChosen, toggle, close } = props;
  const { t } = useTranslation();
  const label = t('picker.keyword');
  const listId = useId();
  const [active, setActive] = useState(-1);
  useEffect(() => setActive(-1), [value]);
  const count = hits.length;
  const hit = hits[active];
  const pick = (h: Hit) => h.disabled || toggle(h);
  return (
    <>
      <input
        type="search"
        className="picker-keyword"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={count > 0}
        aria-controls={listId}
        aria-activedescendant={hit && listId + active}
        aria-describedby={`${listId}h`}
        value={value}
        placeholder={label}
        aria-label={label}
        autoFocus
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          const key = e.key;
          if ((key === 'ArrowDown' || key === 'ArrowUp') && count) {
            const to = key === 'ArrowDown' ? (active + 1) % count : (active < 1 ? count : active) - 1;
            setActive(to);
            document.getElementById(listId + to)?.scrollIntoView({ block: 'nearest' });
          } else if (key === 'Enter') {
            // Enter chooses here; it must not submit the outer search form.
            if (hit) pick(hit);
          } else if (key === 'Escape') {
            if (value) onChange('');
            else close();
          } else if (key === 'ArrowRight' && hit && reveal) reveal(active);
          else return;
          e.preventDefault();
        }}
      />
      <span id={`${listId}h`} className="visually-hidden">
        {t('picker.keysHint')}
        {reveal && ` ${t('picker.revealHint')}`}
      </span>
      {status}
      {count > 0 && (
        <ul id={listId} className="picker-hits" role="listbox" aria-multiselectable="true" aria-label={label}>
          {hits.map((h, i) => (
            <li
              key={h.id}
              id={listId + i}
              role="option"
              aria-selected={isChosen(h.id)}
              aria-disabled={h.disabled || undefined}
              className={`picker-row${i === active ? ' picker-row-focus' : ''}`}
              onClick={() => pick(h)}
            >
              {named(h)}
              {reveal && (
                <span className="link-button picker-reveal" aria-hidden="true" onClick={(e) => (e.stopPropagation(), reveal(i))}>
                  {t('picker.showInTree')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
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
  /** Closes the panel and gives focus back to its opener. */
  close: () => void;
}

function TreePanel({ scheme, ...panel }: PanelProps & { scheme: string }) {
  const { isChosen, toggle } = panel;
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

  const row = (node: ClassificationNode) => {
    const label = nodeLabel(node, language);
    const open = expanded.has(node.id);
    return (
      <div className={`picker-row${focusId === node.id ? ' picker-row-focus' : ''}`} data-node={node.id}>
        {node.children ? (
          <button
            type="button"
            className="picker-toggle"
            aria-expanded={open}
            aria-label={t(open ? 'picker.collapse' : 'picker.expand', { label: label || node.id })}
            onClick={() => {
              setOpen(node.id, !open);
              if (!open) void loadChildren(node.id);
            }}
          >
            {open ? '−' : '+'}
          </button>
        ) : <span className="picker-toggle-space" />}
        <label>
          <input
            type="checkbox"
            checked={isChosen(node.id)}
            disabled={node.selectable === false}
            onChange={() => toggle({ id: node.id, label })}
          />
          {named({ id: node.id, label })}
        </label>
      </div>
    );
  };

  /** Arrow keys in the tree: the focused row's control decides the row. */
  const treeKeys = (e: KeyboardEvent<HTMLUListElement>) => {
    const rows = [...e.currentTarget.querySelectorAll<HTMLElement>('.picker-row')];
    const current = (e.target as HTMLElement).closest<HTMLElement>('.picker-row');
    if (!current || e.altKey || e.ctrlKey || e.metaKey) return;
    const i = rows.indexOf(current);
    const toggle = current.querySelector<HTMLButtonElement>('.picker-toggle');
    const open = toggle?.getAttribute('aria-expanded') === 'true';
    const go = (row: HTMLElement | null | undefined) => {
      if (!row) return;
      e.preventDefault();
      (row.querySelector<HTMLElement>('input:not(:disabled)') ?? row.querySelector<HTMLElement>('button'))?.focus();
    };
    const press = () => {
      e.preventDefault();
      toggle?.click();
    };
    switch (e.key) {
      case 'ArrowDown': return go(rows[i + 1]);
      case 'ArrowUp': return go(rows[i - 1]);
      case 'Home': return go(rows[0]);
      case 'End': return go(rows[rows.length - 1]);
      case 'ArrowRight': return toggle && (open ? go(rows[i + 1]) : press());
      case 'ArrowLeft':
        return open ? press() : go(current.parentElement?.parentElement?.closest('[role=treeitem]')?.querySelector<HTMLElement>('.picker-row'));
    }
  };

  const level = (parentId: string): ReactNode => {
    const load = children[parentId] ?? { state: 'idle' };
    if (load.state !== 'done') {
      return <Status load={load} retry={() => void loadChildren(parentId)} empty={t('picker.nothing')} />;
    }
    return (
      <ul className="picker-tree" role={parentId ? 'group' : 'tree'} onKeyDown={parentId ? undefined : treeKeys}>
        {load.items.map((node) => (
          <li key={node.id} role="treeitem" aria-expanded={node.children ? expanded.has(node.id) : undefined}>
            {row(node)}
            {node.children && expanded.has(node.id) && level(node.id)}
          </li>
        ))}
      </ul>
    );
  };

  const searching = keyword.length >= MIN_KEYWORD;
  const found = searching && hits.state === 'done' ? hits.items : [];
  return (
    <>
      <Combobox
        {...panel}
        value={input}
        onChange={setInput}
        hits={found.map((node) => ({ id: node.id, label: nodeLabel(node, language), disabled: node.selectable === false }))}
        status={searching && <Status load={hits} retry={retryHits} empty={t('picker.nothing')} />}
        reveal={(i) => void reveal(found[i])}
      />
      {!searching && <div className="picker-tree-box">{level('')}</div>}
    </>
  );
}

function OrganisationPanel({ lookup, ...panel }: PanelProps & { lookup: string }) {
  const { t } = useTranslation();
  const base = useSearchBase();
  const [input, keyword, setInput] = useKeyword();
  const [hits, retry] = useLoad<Organisation>(keyword.length >= MIN_KEYWORD ? keyword : null, async (signal) =>
    membersOf<Organisation>(await fetchSearchApi(base, organisationsPath(lookup, { keyword }), signal)),
  );
  return (
    <Combobox
      {...panel}
      value={input}
      onChange={setInput}
      hits={hits.state === 'done' ? hits.items.map((org) => ({ id: org.id, label: organisationLabel(org) })) : []}
      status={
        keyword.length < MIN_KEYWORD ? (
          <p className="picker-status">{t('picker.typeToSearch', { count: MIN_KEYWORD })}</p>
        ) : (
          <Status load={hits} retry={retry} empty={t('picker.nothing')} />
        )
      }
    />
  );
}

/** The panel of a picker's source: a classifier's tree or an organisation lookup. */
export default function PickerPanel({ source, ...panel }: PanelProps & { source: PickerSource }) {
  return source.type === 'tree' ? <TreePanel scheme={source.scheme} {...panel} /> : <OrganisationPanel lookup={source.lookup} {...panel} />;
}
