export interface ToggleProps<V extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/** Two or three mutually exclusive views of a list (open / resolved): pressed buttons. */
export function Toggle<V extends string>({ label, options, value, onChange }: ToggleProps<V>) {
  return (
    <div className="admin-toggle" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="admin-toggle__button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
