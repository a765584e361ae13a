// /second-factor_page (issue 27): turning on an authenticator app. The QR code of the otpauth:// address (the
// secret as text beside it, for a phone that cannot scan its own screen), the app's first code to confirm it,
// then the ten recovery codes, shown this once. An owner or staff member is sent here until it is on. Where the
// shop runs on HTTPS (or localhost), a passkey can be added too, or made the first factor instead of the app.
import QRCode from "qrcode";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { api, errorText } from "../api";
import { secondFactorApi } from "../lib/second-factor-api";
import { Button, Field, LoadFailed, Loading, PageHeader } from "../components/ui";
import { ShieldIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { useLoad } from "../hooks/use-load";
import { toFaDigits, toLatinDigits } from "../lib/digits";
import { passkeySupported } from "../lib/passkey-support";
import { saveUser } from "../session";
import type { TOTPStart } from "../api-types";
import "../styles/second-factor.css";

const QR_SIZE = 220;

/** SecondFactorView is /second-factor_page. */
export default function SecondFactorView() {
  const { data: state, failed, refresh } = useLoad(() => secondFactorApi.state(), "وضعیت تایید دومرحله‌ای دریافت نشد");
  const [recovery, setRecovery] = useState<string[] | null>(null);

  const passkeys = state?.passkey_available && passkeySupported();
  const added = (codes: string[]) => (codes.length ? setRecovery(codes) : refresh());

  let body;
  if (recovery) body = <RecoveryCodes codes={recovery} />;
  else if (!state) body = failed ? <LoadFailed icon={<ShieldIcon size={40} />} title="وضعیت تایید دومرحله‌ای دریافت نشد" onRetry={refresh} /> : <Loading />;
  else if (state.totp || state.passkeys > 0)
    body = (
      <>
        <p className="card second-factor-on" data-testid="second-factor-on">
          {`تایید دومرحله‌ای روشن است${state.passkeys > 0 ? `؛ ${toFaDigits(state.passkeys)} کلید عبور` : ""}؛ ${toFaDigits(state.recovery_codes_left)} کد بازیابی باقی مانده است.`}
        </p>
        {passkeys ? <AddPasskey lead="با کلید عبور، ورود بدون نوشتن کد انجام می‌شود: اثر انگشت، چهره یا قفل صفحه گوشی." onAdded={added} /> : null}
      </>
    );
  else
    body = (
      <>
        <Enrol onConfirmed={setRecovery} />
        {passkeys ? <AddPasskey lead="یا به جای برنامه احراز هویت، یک کلید عبور روی همین دستگاه بسازید." onAdded={added} /> : null}
      </>
    );
  return (
    <div className="page second-factor">
      <PageHeader title="تایید دومرحله‌ای" />
      <p className="muted second-factor-lead">هر ورود، پس از رمز یا کد پیامکی، کد برنامه احراز هویت گوشی شما را هم می‌خواهد.</p>
      {body}
    </div>
  );
}

/** Enrol starts a new authenticator and confirms it with the app's first code. */
function Enrol({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { data: start, failed, refresh } = useLoad<TOTPStart>(() => secondFactorApi.start(), "افزودن برنامه احراز هویت شروع نشد");
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!start) return;
    QRCode.toDataURL(start.uri, { width: QR_SIZE * 2, margin: 2, errorCorrectionLevel: "M" }).then(setQr, () => setQr(null));
  }, [start]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = toLatinDigits(code.trim());
    if (!/^\d{6}$/.test(typed)) {
      setError("کد شش‌رقمی برنامه را وارد کنید");
      return;
    }
    setBusy(true);
    try {
      const answer = await secondFactorApi.confirm(typed);
      toast(answer.message ?? "تایید دومرحله‌ای روشن شد", "success");
      onConfirmed(answer.recovery_codes);
    } catch (err) {
      setError(errorText(err, "کد پذیرفته نشد"));
    } finally {
      setBusy(false);
    }
  };

  if (!start) return failed ? <LoadFailed icon={<ShieldIcon size={40} />} title="افزودن برنامه احراز هویت شروع نشد" onRetry={refresh} /> : <Loading />;
  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="enrol-form">
      <ol className="second-factor-steps">
        <li>یک برنامه احراز هویت را روی گوشی نصب کنید.</li>
        <li>در برنامه، این کد QR را اسکن کنید؛ اگر نمی‌توانید، کلید زیر را در آن وارد کنید.</li>
        <li>کد شش‌رقمی‌ای را که برنامه نشان می‌دهد این‌جا بنویسید.</li>
      </ol>
      <div className="second-factor-qr">
        {qr ? <img src={qr} width={QR_SIZE} height={QR_SIZE} alt="کد QR برای افزودن حساب به برنامه احراز هویت" data-testid="enrol-qr" /> : null}
      </div>
      <p className="second-factor-secret" dir="ltr" data-testid="enrol-secret">
        {start.secret.match(/.{1,4}/g)?.join(" ")}
      </p>
      <Field
        label="کد شش‌رقمی برنامه"
        value={toFaDigits(code)}
        onValue={(v) => (setCode(v), setError(null))}
        error={error}
        autoComplete="one-time-code"
        inputMode="numeric"
        dir="ltr"
        maxLength={6}
        data-testid="enrol-code"
      />
      <Button type="submit" busy={busy} className="btn-block" data-testid="enrol-submit">
        روشن کردن تایید دومرحله‌ای
      </Button>
    </form>
  );
}

/** AddPasskey makes a passkey on this device (the browser asks a fingerprint, a face or the screen lock). */
function AddPasskey({ lead, onAdded }: { lead: string; onAdded: (codes: string[]) => void }) {
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      const { createPasskey } = await import("../lib/passkey");
      const options = await secondFactorApi.passkeyStart();
      let credential: unknown;
      try {
        credential = await createPasskey(options);
      } catch {
        toast("کلید عبور ساخته نشد؛ دوباره تلاش کنید", "error");
        return;
      }
      const answer = await secondFactorApi.passkeyConfirm(credential);
      toast(answer.message ?? "کلید عبور افزوده شد", "success");
      onAdded(answer.recovery_codes);
    } catch (err) {
      toast(errorText(err, "کلید عبور افزوده نشد"), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card second-factor-passkey">
      <p className="muted">{lead}</p>
      <Button variant="secondary" className="btn-block" busy={busy} onClick={add} data-testid="passkey-add">
        افزودن کلید عبور
      </Button>
    </section>
  );
}

/** RecoveryCodes shows the ten recovery codes once; going on refreshes who the person is (no longer held here). */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const done = async () => {
    setBusy(true);
    try {
      saveUser((await api.me()).user);
      navigate("/");
    } catch (err) {
      toast(errorText(err, "دوباره تلاش کنید"), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" data-testid="recovery-codes">
      <h2 className="second-factor-title">کدهای بازیابی</h2>
      <p className="muted">
        اگر گوشی در دسترس نبود، با هر کدام از این کدها یک بار می‌توانید وارد شوید. آن‌ها را یادداشت کنید و جای امنی نگه دارید؛ دیگر نشان داده
        نمی‌شوند.
      </p>
      <ul className="recovery-codes" dir="ltr">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <Button className="btn-block" busy={busy} onClick={done} data-testid="enrol-done">
        کدها را نگه داشتم؛ ادامه
      </Button>
    </section>
  );
}
