import { useState } from "react";
import { Field } from "./index";

type Props = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | null;
  autoComplete?: string;
  id?: string;
  testid?: string;
};

/** PasswordField is a password input with a show/hide switch. */
export function PasswordField({ label, value, onValue, error, autoComplete = "current-password", id, testid }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={id}
      className="has-toggle"
      label={label}
      value={value}
      onValue={onValue}
      error={error}
      type={shown ? "text" : "password"}
      autoComplete={autoComplete}
      dir="ltr"
      data-testid={testid}
      end={
        <button
          type="button"
          className="icon-btn password-toggle"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? "پنهان کردن رمز عبور" : "نمایش رمز عبور"}
        >
          {shown ? "پنهان" : "نمایش"}
        </button>
      }
    />
  );
}
