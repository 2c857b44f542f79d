/**
 * What the picker (`Picker.tsx`) and its panel (`PickerPanel.tsx`, a chunk the picker
 * loads) both know about the values: the panel's chunk imports them from here, not from
 * the picker, so that neither module imports the other's.
 */

export interface Chosen {
  id: string;
  label: string;
}

export type PickerSource = { type: 'tree'; scheme: string } | { type: 'organisation'; lookup: string };

/** A code and, when it has one apart from the code, its name. */
export const named = ({ id, label }: Chosen) => (
  <>
    <span className="picker-id">{id}</span>
    {label && label !== id && <span className="picker-label">{label}</span>}
  </>
);
