// What a change of the second factor asks before it is made (issue 36): the account's password where no
// factor is on, the factor's code (the authenticator's, or a recovery code) where one is, and whether the
// other devices signed in to the account are signed out with the change. The server's refusal shows under the
// field, in its own words. A code of digits shows in Persian digits; a recovery code as it is written.
import { useState, type FormEvent, type ReactNode } from "react";
import { errorText } from "../../api";
import type { FactorProof } from "../../api-types";
import { Button, Field } from "../ui";
import { Modal } from "../ui/admin-modal";
import { PasswordField } from "../ui/password-field";
import { toFaDigits, toLatinDigits } from "../../lib/digits";

type Props = {
  /** factorOn asks the factor's code; otherwise the password. */
  factorOn: boolean;
  /** endByDefault is whether the other logins end unless the person unticks it (a factor turned on: yes). */
  endByDefault: boolean;
  yes: string;
  danger?: boolean;
  /** onProof makes the change; a refusal it throws is shown under the field. */
  onProof: (proof: FactorProof) => Promise<void>;
  testid: string;
  children?: ReactNode;
};

/** FactorProofForm asks the proof inline, as the first step of turning a factor on. */
export function FactorProofForm({ factorOn, endByDefault, yes, danger, onProof, testid, children }: Props) {
  const [secret, setSecret] = useState("");
  const [endOthers, setEndOthers] = useState(endByDefault);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = toLatinDigits(secret.trim());
    if (!typed) {
      setError(factorOn ? "کد برنامه احراز هویت یا یکی از کدهای بازیابی را وارد کنید" : "رمز عبور حساب را وارد کنید");
      return;
    }
    setBusy(true);
    try {
      await onProof(factorOn ? { code: typed, end_other_logins: endOthers } : { password: secret, end_other_logins: endOthers });
    } catch (err) {
      setError(errorText(err, "تغییر انجام نشد"));
    } finally {
      setBusy(false);
    }
  };

  const onValue = (v: string) => (setSecret(v), setError(null));
  return (
    <form className="form factor-proof" onSubmit={submit} noValidate data-testid={`${testid}-form`}>
      {children}
      {factorOn ? (
        <Field
          label="کد برنامه احراز هویت یا کد بازیابی"
          value={/^[0-9۰-۹]*$/.test(secret) ? toFaDigits(secret) : secret}
          onValue={onValue}
          error={error}
          autoComplete="one-time-code"
          dir="ltr"
          data-testid={`${testid}-code`}
        />
      ) : (
        <PasswordField label="رمز عبور حساب" value={secret} onValue={onValue} error={error} testid={`${testid}-password`} />
      )}
      <label className="sms-switch factor-proof-end">
        <span>خروج از حساب در دستگاه‌های دیگر</span>
        <input
          type="checkbox"
          role="switch"
          checked={endOthers}
          onChange={(e) => setEndOthers((e.currentTarget as HTMLInputElement).checked)}
          data-testid={`${testid}-end-others`}
        />
      </label>
      <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy} className="btn-block" data-testid={`${testid}-submit`}>
        {yes}
      </Button>
    </form>
  );
}

/** FactorProofDialog asks the proof over the screen, before a change of a factor that is on. */
export function FactorProofDialog({ title, onClose, ...props }: Props & { title: string; onClose: () => void }) {
  return (
    <Modal title={title} onClose={onClose} testid={`${props.testid}-dialog`}>
      <FactorProofForm {...props} />
    </Modal>
  );
}
