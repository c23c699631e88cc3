import { useId } from 'react';

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A toolbar's search box. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="field admin-toolbar__search">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export interface FilterSelectProps<V extends string> {
  label: string;
  /** The first option, which filters nothing ("Any role"). */
  anyLabel: string;
  options: readonly V[];
  optionLabel: (value: V) => string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}

/** A toolbar's filter: one of `options`, or any. */
export function FilterSelect<V extends string>({
  label,
  anyLabel,
  options,
  optionLabel,
  value,
  onChange,
}: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input admin-select"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
