// The second step of a sign-in for a person with a second factor on (issue 27): a passkey where one is on and
// can work here, the six-digit code of their authenticator app, or one of their recovery codes. A challenge
// that has ended (410) sends them back to sign in.
import { useState, type FormEvent } from "react";
import { ApiError, errorText, type LoginAnswer, type SecondFactorAsked } from "../../api";
import { secondFactorApi } from "../../lib/second-factor-api";
import { passkeySupported } from "../../lib/passkey-support";
import { toFaDigits, toLatinDigits } from "../../lib/digits";
import { ShieldIcon } from "../ui/icons";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";

type Props = {
  asked: SecondFactorAsked;
  onSignedIn: (answer: LoginAnswer) => void;
  /** onEnded returns to the first step: the challenge has ended (five wrong codes, or five minutes). */
  onEnded: () => void;
  done: boolean;
};

/** SecondFactorStep asks the code that finishes a sign-in. */
export function SecondFactorStep({ asked, onSignedIn, onEnded, done }: Props) {
  const { challenge, passkey } = asked;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError("کد را وارد کنید");
      return;
    }
    await answer(() => secondFactorApi.signIn(challenge, toLatinDigits(code.trim())));
  };

  const byPasskey = async () => {
    if (!passkey) return;
    await answer(async () => {
      const { usePasskey, passkeyError } = await import("../../lib/passkey");
      let assertion: unknown;
      try {
        assertion = await usePasskey(passkey);
      } catch {
        throw new Error(passkeyError);
      }
      return secondFactorApi.signInWithPasskey(challenge, assertion);
    });
  };

  const answer = async (call: () => Promise<LoginAnswer>) => {
    if (busy || done) return;
    setBusy(true);
    try {
      onSignedIn(await call());
    } catch (err) {
      const text = errorText(err, "ورود انجام نشد");
      if (err instanceof ApiError && err.status === 410) {
        toast(text, "error");
        onEnded();
        return;
      }
      setError(err instanceof Error && !(err instanceof ApiError) ? err.message : text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="second-factor-form">
      <div className="auth-head">
        <span className="status-icon">
          <ShieldIcon size={28} />
        </span>
        <p className="muted">
          {asked.totp === false
            ? "با کلید عبور خود وارد شوید؛ اگر به آن دسترسی ندارید، یکی از کدهای بازیابی را وارد کنید."
            : "کد شش‌رقمی برنامه احراز هویت خود را وارد کنید؛ اگر به گوشی دسترسی ندارید، یکی از کدهای بازیابی را."}
        </p>
      </div>
      {passkey && passkeySupported() ? (
        <Button type="button" busy={busy} disabled={done} className="btn-block" onClick={byPasskey} data-testid="second-factor-passkey">
          ورود با کلید عبور
        </Button>
      ) : null}
      <Field
        label="کد تایید دومرحله‌ای"
        value={toFaDigits(code)}
        onValue={(v) => (setCode(v), setError(null))}
        error={error}
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={20}
        data-testid="second-factor-code"
      />
      <Button type="submit" busy={busy} disabled={done} className="btn-block" data-testid="second-factor-submit">
        ورود
      </Button>
    </form>
  );
}
