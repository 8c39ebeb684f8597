import { useId } from 'react';

/** One filter of the list: its label beside its choices (the label alone names the field). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <span className="bo-inbox__filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="bo-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
