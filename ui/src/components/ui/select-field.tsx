// A labelled select in the frame every field shares.
import { useId } from "react";
import { FieldShell } from "./field-shell";

type SelectProps = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
  testid?: string;
};

/** SelectField is a labelled select in the style of Field. */
export function SelectField({ label, value, onValue, options, testid }: SelectProps) {
  const id = `s${useId()}`;
  return (
    <FieldShell id={id} label={label}>
      <select id={id} className="input select" value={value} onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)} data-testid={testid}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
