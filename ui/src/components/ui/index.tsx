// Small building blocks shared by the screens: page header, form field, button, status cards.
import type { ButtonHTMLAttributes, ReactNode, InputHTMLAttributes } from "react";
import { useId } from "react";
import { Link, useLocation } from "wouter";
import { FieldShell, describedBy } from "./field-shell";
import { BackIcon } from "./icons";

/** PageHeader is a screen's title, with a back button when back is given. */
export function PageHeader({ title, back, children }: { title: string; back?: string; children?: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <div className="page-header">
      {back && (
        <button type="button" className="icon-btn back-btn" onClick={() => navigate(back)} aria-label="بازگشت" data-testid="back-button">
          <BackIcon />
        </button>
      )}
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "label" | "onInput" | "value"> & {
  label: string;
  value: string;
  onValue?: (v: string) => void;
  error?: string | null;
  hint?: ReactNode;
  end?: ReactNode;
};

/** Field is a labelled input with its error under it. */
export function Field({ label, value, onValue, error, hint, end, id, className: cls, ...rest }: FieldProps) {
  const auto = useId();
  const inputId = (id as string) || `f${auto}`;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={cls}>
      <input
        id={inputId}
        className="input"
        value={value}
        onChange={(e) => onValue?.((e.currentTarget as HTMLInputElement).value)}
        {...describedBy(inputId, error, hint)}
        {...rest}
      />
      {end}
    </FieldShell>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  busy?: boolean;
  variant?: "primary" | "secondary" | "ghost" | "danger";
  type?: "button" | "submit";
  disabled?: boolean;
};

/** Button is the app's button; busy shows a spinner and blocks double taps. */
export function Button({ busy, variant = "primary", className: cls, children, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`btn btn-${variant}${cls ? ` ${cls}` : ""}`}
      disabled={disabled || busy}
      aria-busy={busy ? true : undefined}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** LinkButton is a link that looks like a button. */
export function LinkButton({ href, variant = "primary", children, ...rest }: { href: string; variant?: string; children: ReactNode } & Record<string, unknown>) {
  return (
    <Link href={href} className={`btn btn-${variant}`} {...rest}>
      {children}
    </Link>
  );
}

/** StatusCard is a centred card with an icon, a title and a short text: empty, coming soon, 404. */
export function StatusCard({
  icon,
  title,
  text,
  tone = "neutral",
  children,
  testid,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  tone?: "neutral" | "warn" | "danger";
  children?: ReactNode;
  testid?: string;
}) {
  return (
    <section className={`card status-card tone-${tone}`} data-testid={testid}>
      <div className="status-icon">{icon}</div>
      <h1 className="status-title">{title}</h1>
      {text && <p className="status-text">{text}</p>}
      {children && <div className="status-actions">{children}</div>}
    </section>
  );
}

/** LoadFailed is the card a screen shows when its data did not arrive, with a button to try again. */
export function LoadFailed({ title, icon, onRetry }: { title: string; icon: ReactNode; onRetry: () => void }) {
  return (
    <StatusCard icon={icon} title={title} text="لطفاً کمی بعد دوباره تلاش کنید." tone="warn">
      <Button onClick={onRetry}>تلاش دوباره</Button>
    </StatusCard>
  );
}

/** Loading is the quiet text shown while a screen fetches. */
export function Loading({ text = "در حال بارگذاری…" }: { text?: string }) {
  return (
    <p className="loading" role="status" data-testid="loading">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
