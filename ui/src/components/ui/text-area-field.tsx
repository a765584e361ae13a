// A labelled textarea in the style of Field, for text of a few lines (an address, a word about the shop).
import type { TextareaHTMLAttributes } from "react";
import { useId } from "react";
import { FieldShell, describedBy } from "./field-shell";

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onInput"> & {
  label: string;
  value: string;
  onValue: (v: string) => void;
  hint?: string;
};

/** TextAreaField is a labelled textarea with a hint under it. */
export function TextAreaField({ label, value, onValue, hint, rows = 3, ...rest }: Props) {
  const id = `t${useId()}`;
  return (
    <FieldShell id={id} label={label} hint={hint}>
      <textarea
        id={id}
        className="input textarea"
        rows={rows}
        value={value}
        onChange={(e) => onValue((e.currentTarget as HTMLTextAreaElement).value)}
        {...describedBy(id, null, hint)}
        {...rest}
      />
    </FieldShell>
  );
}
