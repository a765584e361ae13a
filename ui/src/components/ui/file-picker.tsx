// A file field (issue 37): the deposit's receipt and the shop's logo, inside the one frame every field has
// (FieldShell: the label, the error or else the hint, which the input names as its description). The input
// is hidden under a large tap target whose face the caller draws (a thumbnail, what was picked, the action).
import type { ChangeEvent, ReactNode, Ref } from "react";
import { FieldShell, describedBy } from "./field-shell";
import "../../styles/receipt-picker.css";

type Props = {
  id: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  accept: string;
  disabled?: boolean;
  /** picked marks the face once a file is chosen. */
  picked: boolean;
  onPick: (e: ChangeEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  testid: string;
  /** children are the picker's face. */
  children: ReactNode;
};

/** FilePicker is a labelled file input with its error or hint, drawn as one large picker. */
export function FilePicker({ id, label, error, hint, accept, disabled, picked, onPick, inputRef, testid, children }: Props) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <label className={`receipt-picker${picked ? " has-file" : ""}`}>
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={accept}
          className="visually-hidden"
          onChange={onPick}
          disabled={disabled}
          {...describedBy(id, error, hint)}
          data-testid={testid}
        />
        {children}
      </label>
    </FieldShell>
  );
}
