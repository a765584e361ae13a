// The frame every labelled control of a form shares: the label, the control (with whatever sits at its end),
// and under it the error or else the hint, which the control names as its description.
import type { ReactNode } from "react";

type Props = {
  /** id is the control's, which the label points at. */
  id: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** hintTestid names the hint for the browser journeys. */
  hintTestid?: string;
  children: ReactNode;
};

/** FieldShell draws the frame around one control; the control takes describedBy(id, error, hint). */
export function FieldShell({ id, label, error, hint, className, hintTestid, children }: Props) {
  const msgId = `${id}-msg`;
  return (
    <div className={`field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">{children}</div>
      {error ? (
        <p id={msgId} className="field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={msgId} className="field-hint" data-testid={hintTestid}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** describedBy is what a control inside a FieldShell says of itself: whether it is wrong, and its message. */
export function describedBy(id: string, error?: ReactNode, hint?: ReactNode) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error || hint ? `${id}-msg` : undefined };
}
