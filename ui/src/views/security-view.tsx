// Password change in three steps: request a code, enter it, set the new password (customer.md §4); under it
// the devices signed in to the account, each of which can be ended (issue 27).
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { api, errorText } from "../api";
import { CODE_LENGTH, CodeInput } from "../components/ui/code-input";
import { ShieldIcon } from "../components/ui/icons";
import { PasswordField } from "../components/ui/password-field";
import { LoginList } from "../components/security/login-list";
import { Resend } from "../components/security/resend";
import { Steps } from "../components/ui/steps";
import { toast } from "../components/ui/toast";
import { useResend } from "../hooks/use-resend";
import { Button, LinkButton, Loading, PageHeader } from "../components/ui";
import { useCountdown } from "../hooks/use-countdown";
import { useMe } from "../hooks/use-me";
import { toFaDigits } from "../lib/digits";
import { MESSAGES, passwordError } from "../lib/validate";

const STEP_LABELS = ["درخواست کد", "کد تایید", "رمز جدید"];

/** SecurityView is /security_page. */
export default function SecurityView() {
  const { me } = useMe();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [code, setCode] = useState("");
  const [codeErr, setCodeErr] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { left, restart } = useCountdown();
  const phone = me?.user.phone_number ?? "";

  const requestCode = async () => {
    setBusy(true);
    try {
      await api.requestVerificationCode(phone);
      toast("کد تایید ارسال شد", "success");
      setStep(1);
      setCode("");
      restart(60);
    } catch (err) {
      toast(errorText(err, "خطا در ارسال کد"), "error");
    } finally {
      setBusy(false);
    }
  };

  const { resending, resend } = useResend(() => api.requestVerificationCode(phone), () => {
    setCode("");
    setCodeErr(null);
    restart(60);
  });

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setCodeErr(MESSAGES.codeIncomplete);
      return;
    }
    setBusy(true);
    try {
      await api.verifyProfileCode(phone, code);
      toast("کد تایید شد", "success");
      setStep(2);
    } catch (err) {
      toast(errorText(err, "کد وارد شده اشتباه است"), "error");
    } finally {
      setBusy(false);
    }
  };

  const change = async (e: FormEvent) => {
    e.preventDefault();
    const errs = {
      password: passwordError(password),
      confirm: confirm !== password ? MESSAGES.passwordMismatch : null,
    };
    setErrors(errs);
    if (errs.password || errs.confirm) return;
    setBusy(true);
    try {
      await api.changePassword(password);
      setDone(true);
      toast("رمز عبور با موفقیت تغییر کرد", "success");
      setTimeout(() => navigate("/profile_page"), 2000);
    } catch (err) {
      toast(errorText(err, "خطا در تغییر رمز عبور"), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="امنیت (تغییر رمز عبور)" back="/profile_page" />
      <LinkButton href="/second-factor_page" variant="secondary" className="btn-block security-second-factor" data-testid="security-second-factor">
        تایید دومرحله‌ای با برنامه احراز هویت
      </LinkButton>
      {!me ? (
        <Loading text="در حال دریافت اطلاعات…" />
      ) : (
        <section className="card auth-card" data-testid={`security-step-${step}`}>
          <Steps labels={STEP_LABELS} current={step} label="مراحل تغییر رمز عبور" />
          {step === 0 && (
            <div className="form">
              <div className="auth-head">
                <span className="status-icon">
                  <ShieldIcon size={40} />
                </span>
                <p className="auth-sub">{`برای تغییر رمز عبور، یک کد تایید به شماره ${toFaDigits(phone)} پیامک می‌شود.`}</p>
              </div>
              <Button busy={busy} className="btn-block" onClick={requestCode} data-testid="security-request-code">
                ارسال کد تایید
              </Button>
            </div>
          )}
          {step === 1 && (
            <form className="form" onSubmit={verify} noValidate>
              <p className="center muted small">{`کد ۵ رقمی پیامک‌شده به شماره ${toFaDigits(phone)} را وارد کنید.`}</p>
              <CodeInput value={code} onChange={(v) => (setCode(v), setCodeErr(null))} error={codeErr} />
              <Button type="submit" busy={busy} className="btn-block" data-testid="security-verify">
                تایید کد
              </Button>
              <Resend left={left} busy={resending} onResend={resend} />
            </form>
          )}
          {step === 2 && (
            <form className="form" onSubmit={change} noValidate>
              <PasswordField
                label="رمز عبور جدید"
                value={password}
                onValue={(v) => (setPassword(v), setErrors((x) => ({ ...x, password: null })))}
                error={errors.password}
                autoComplete="new-password"
                testid="new-password"
              />
              <PasswordField
                label="تکرار رمز عبور جدید"
                value={confirm}
                onValue={(v) => (setConfirm(v), setErrors((x) => ({ ...x, confirm: null })))}
                error={errors.confirm}
                autoComplete="new-password"
                testid="confirm-password"
              />
              <Button type="submit" busy={busy} disabled={done} className="btn-block" data-testid="change-password-submit">
                تغییر رمز عبور
              </Button>
            </form>
          )}
        </section>
      )}
      <LoginList />
    </>
  );
}
