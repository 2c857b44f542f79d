/**
 * A search-filter picker for classifier codes (a tree from `/api/classifications`)
 * and organisations (the identifier lookups). The chosen values are checkboxes of
 * the search form, so the form sends them with or without JavaScript; a text field
 * takes a code typed by hand. With JavaScript a panel opens (`PickerPanel.tsx`, a chunk
 * of its own, asked for when the opener is pointed at or focused: it is no part of the
 * page's first load) to browse the tree or to search by keyword. The search page loads
 * the picker itself as a chunk too (`Search.tsx`): the server renders it in place.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { named, type Chosen, type PickerSource } from './chosen';
import './Picker.css';

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

const PickerPanel = lazy(() => import('./PickerPanel'));
const preload = () => void import('./PickerPanel').catch(() => undefined);

export function Picker({ name, legend, source, initial, pattern, placeholder }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Chosen[]>(initial);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

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
                {named(c)}
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
        <button
          ref={opener}
          type="button"
          className="button picker-open"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          onPointerEnter={preload}
          onFocus={preload}
        >
          {open ? t('picker.close') : t('picker.choose')}
        </button>
      )}
      {open && (
        // Escape anywhere in the panel closes it (the combobox takes its own first, to empty itself).
        <div id={panelId} className="picker-panel" role="group" aria-label={legend} onKeyDown={(e) => e.key === 'Escape' && !e.defaultPrevented && close()}>
          <Suspense fallback={<p className="picker-status" role="status">{t('picker.loading')}</p>}>
            <PickerPanel source={source} isChosen={isChosen} toggle={toggle} close={close} />
          </Suspense>
        </div>
      )}
    </fieldset>
  );
}

export default Picker;
