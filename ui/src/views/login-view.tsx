// Login by password or by a one-time code (customer.md §2, §4).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { api, askedSecondFactor, errorText, saveLogin, type LoginAnswer, type SecondFactorAsked, type SignInAnswer } from "../api";
import { CODE_LENGTH, CodeInput } from "../components/ui/code-input";
import { AuthHead } from "../components/shell/auth-head";
import { PasswordField } from "../components/ui/password-field";
import { Resend } from "../components/security/resend";
import { SecondFactorStep } from "../components/security/second-factor-step";
import { toast } from "../components/ui/toast";
import { useResend } from "../hooks/use-resend";
import { Button, Field } from "../components/ui";
import { useCountdown } from "../hooks/use-countdown";
import { toFaDigits } from "../lib/digits";
import { MESSAGES, normalizePhone, phoneError } from "../lib/validate";

/** AFTER_LOGIN_MS is the pause before moving to the dashboard. */
const AFTER_LOGIN_MS = 1500;

type Tab = "password" | "code";

/** TABS are the two ways to sign in, in screen order. */
const TABS: [Tab, string][] = [
  ["password", "ورود با رمز عبور"],
  ["code", "ورود با کد تایید"],
];

/** LoginView is the sign-in screen. */
export default function LoginView() {
  const [tab, setTab] = useState<Tab>("password");
  const [, navigate] = useLocation();
  const [done, setDone] = useState(false);

  const [asked, setAsked] = useState<SecondFactorAsked | null>(null);

  // the pause before home ends with the screen: a person sent elsewhere meanwhile (an owner to enrol their
  // second factor) must not be pulled home by it
  const toHome = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(toHome.current), []);
  const success = (answer: LoginAnswer) => {
    saveLogin(answer);
    setDone(true);
    toast(answer.message || "با موفقیت وارد شدید", "success");
    toHome.current = setTimeout(() => navigate("/"), AFTER_LOGIN_MS);
  };
  // a person with a second factor on is asked its code before any token is given
  const firstStep = (answer: SignInAnswer) => (askedSecondFactor(answer) ? setAsked(answer) : success(answer));

  if (asked) {
    return (
      <section className="card auth-card">
        <AuthHead title="تایید دومرحله‌ای" sub="برای ورود، یک گام دیگر مانده است" />
        <SecondFactorStep asked={asked} onSignedIn={success} onEnded={() => setAsked(null)} done={done} />
      </section>
    );
  }

  return (
    <section className="card auth-card">
      <AuthHead title="ورود به حساب کاربری" sub="با رمز عبور یا کد تایید پیامکی وارد شوید" />
      <div
        className="tabs"
        role="tablist"
        aria-label="روش ورود"
        onKeyDown={(e) => {
          if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
          const next: Tab = tab === "password" ? "code" : "password";
          setTab(next);
          document.getElementById(`tab-${next}`)?.focus();
        }}
      >
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            className="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            aria-controls={`panel-${id}`}
            data-testid={`tab-${id}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === "password" ? (
        <div role="tabpanel" id="panel-password" aria-labelledby="tab-password">
          <PasswordLogin onSuccess={firstStep} done={done} />
        </div>
      ) : (
        <div role="tabpanel" id="panel-code" aria-labelledby="tab-code">
          <CodeLogin onSuccess={firstStep} done={done} />
        </div>
      )}
      <p className="auth-foot">
        حساب کاربری ندارید؟ <Link href="/register_page" data-testid="to-register">ثبت‌نام کنید</Link>
      </p>
    </section>
  );
}

function PasswordLogin({ onSuccess, done }: { onSuccess: (a: SignInAnswer) => void; done: boolean }) {
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ phone?: string | null; password?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = { phone: phoneError(phone), password: password ? null : MESSAGES.passwordRequired };
    setErrors(errs);
    if (errs.phone || errs.password) return;
    setBusy(true);
    try {
      onSuccess(await api.login(normalizePhone(phone)!, password));
    } catch (err) {
      toast(errorText(err, "شماره موبایل یا رمز عبور اشتباه است"), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label="شماره موبایل"
        value={phone}
        onValue={setPhone}
        error={errors.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        placeholder="۰۹۱۲۱۲۳۴۵۶۷"
        name="phone"
        data-testid="login-phone"
      />
      <PasswordField label="رمز عبور" value={password} onValue={setPassword} error={errors.password} testid="login-password" />
      <Button type="submit" busy={busy} disabled={done} className="btn-block" data-testid="login-submit">
        ورود
      </Button>
    </form>
  );
}

function CodeLogin({ onSuccess, done }: { onSuccess: (a: SignInAnswer) => void; done: boolean }) {
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [phoneErr, setPhoneErr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeErr, setCodeErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { left, restart } = useCountdown();

  const request = async (e: FormEvent) => {
    e.preventDefault();
    const err = phoneError(phone);
    setPhoneErr(err);
    if (err) return;
    const p = normalizePhone(phone)!;
    setBusy(true);
    try {
      const answer = await api.requestLoginCode(p);
      toast(answer.message || "کد تایید ارسال شد", "success");
      setSentTo(p);
      setCode("");
      restart(60);
    } catch (e2) {
      toast(errorText(e2, "خطا در ارسال کد"), "error");
    } finally {
      setBusy(false);
    }
  };

  const { resending, resend } = useResend(() => api.requestLoginCode(sentTo ?? ""), () => {
    setCode("");
    setCodeErr(null);
    restart(60);
  });

  const verify = async (value = code) => {
    if (value.length !== CODE_LENGTH) {
      setCodeErr(MESSAGES.codeIncomplete);
      return;
    }
    setCodeErr(null);
    setBusy(true);
    try {
      onSuccess(await api.verify(sentTo!, value));
    } catch (e2) {
      toast(errorText(e2, "کد وارد شده اشتباه است"), "error");
    } finally {
      setBusy(false);
    }
  };

  if (!sentTo) {
    return (
      <form className="form" onSubmit={request} noValidate>
        <Field
          label="شماره موبایل"
          value={phone}
          onValue={setPhone}
          error={phoneErr}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder="۰۹۱۲۱۲۳۴۵۶۷"
          name="phone"
          data-testid="code-login-phone"
        />
        <Button type="submit" busy={busy} className="btn-block" data-testid="request-code">
          دریافت کد تایید
        </Button>
      </form>
    );
  }

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        verify();
      }}
      noValidate
    >
      <p className="center muted small">{`کد ۵ رقمی پیامک‌شده به شماره ${toFaDigits(sentTo)} را وارد کنید.`}</p>
      <CodeInput value={code} onChange={(v) => (setCode(v), setCodeErr(null))} error={codeErr} />
      <Button type="submit" busy={busy} disabled={done} className="btn-block" data-testid="verify-code">
        تایید و ورود
      </Button>
      <Resend left={left} busy={resending} onResend={resend} />
      <Button variant="ghost" onClick={() => setSentTo(null)} data-testid="change-phone">
        تغییر شماره موبایل
      </Button>
    </form>
  );
}
