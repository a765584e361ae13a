// Registration in two steps: the form, then the 5-digit code (customer.md §2, §5).
import { useMemo, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { api, askedSecondFactor, errorText, saveLogin, type RegisterForm } from "../api";
import { CODE_LENGTH, CodeInput } from "../components/ui/code-input";
import { DateField } from "../components/ui/date-field";
import { AuthHead } from "../components/shell/auth-head";
import { PasswordField } from "../components/ui/password-field";
import { Resend } from "../components/security/resend";
import { Steps } from "../components/ui/steps";
import { toast } from "../components/ui/toast";
import { useResend } from "../hooks/use-resend";
import { Button, Field } from "../components/ui";
import { useCountdown } from "../hooks/use-countdown";
import { digitsOnly, toFaDigits } from "../lib/digits";
import { checkBirthDate, latestBirthDate, MIN_BIRTH_YEAR } from "../lib/jalali";
import { loadPendingSignUp, savePendingSignUp, type PendingSignUp } from "../lib/pending-sign-up";
import {
  MESSAGES, nationalIdError, normalizePhone, passwordError, phoneError, requiredError,
} from "../lib/validate";

/** SIGN_UP_STEPS are sign-up's two steps. */
const SIGN_UP_STEPS = ["اطلاعات", "کد تایید"] as const;

/** AFTER_REGISTER_MS is the pause before moving to the profile. */
const AFTER_REGISTER_MS = 1500;

/** Form is the sign-up body with every field present (the referral code may be empty). */
type Form = Required<RegisterForm>;
type Errors = Partial<Record<keyof Form, string | null>>;

function validate(f: Form): Errors {
  const birth = checkBirthDate(f.birth_date);
  return {
    first_name: requiredError(f.first_name, MESSAGES.firstNameRequired),
    last_name: requiredError(f.last_name, MESSAGES.lastNameRequired),
    national_id: nationalIdError(f.national_id),
    phone_number: phoneError(f.phone_number),
    password: passwordError(f.password),
    birth_date: birth.ok ? null : birth.message,
  };
}

/**
 * RegisterView is the sign-up screen; ?ref= fills the referral code. The registration id of the register
 * answer is kept (state and sessionStorage) and sent with the code: without it the sign-up is not completed.
 */
export default function RegisterView() {
  const search = useSearch();
  const ref = useMemo(() => new URLSearchParams(search).get("ref") ?? "", []);
  const [form, setForm] = useState<Form>({
    first_name: "",
    last_name: "",
    national_id: "",
    phone_number: "",
    password: "",
    birth_date: "",
    referral_code: ref,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingSignUp | null>(loadPendingSignUp);
  const [atCode, setAtCode] = useState(pending !== null); // a reload of the code step stays there
  const { left, restart } = useCountdown();

  const set = (k: keyof Form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: null }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validate(form);
    setErrors(errs);
    const first = (Object.keys(errs) as (keyof Form)[]).find((k) => errs[k]);
    if (first) {
      document.getElementById(`reg-${first}`)?.focus();
      return;
    }
    const body: RegisterForm = {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      national_id: digitsOnly(form.national_id),
      phone_number: normalizePhone(form.phone_number)!,
      password: form.password,
      birth_date: (checkBirthDate(form.birth_date) as { value: string }).value,
    };
    const referral = form.referral_code.trim();
    if (referral) body.referral_code = referral;
    setBusy(true);
    try {
      const answer = await api.register(body);
      toast(answer.message || "کد تایید برای شما پیامک شد", "success");
      const next = { phone_number: body.phone_number, registration_id: answer.registration_id };
      savePendingSignUp(next);
      setPending(next);
      setAtCode(true);
      restart(60);
    } catch (err) {
      toast(errorText(err, "خطا در ثبت‌نام"), "error");
    } finally {
      setBusy(false);
    }
  };

  if (pending && atCode) return <VerifyStep pending={pending} left={left} restart={restart} onBack={() => setAtCode(false)} />;

  const max = latestBirthDate();
  return (
    <section className="card auth-card">
      <AuthHead title="ثبت‌نام" sub="اطلاعات خود را مطابق کارت ملی وارد کنید" />
      <Steps labels={SIGN_UP_STEPS} current={0} label="مراحل ثبت‌نام" />
      <form className="form" onSubmit={submit} noValidate data-testid="register-form">
        <div className="form-row">
          <Field id="reg-first_name" label="نام" value={form.first_name} onValue={set("first_name")} error={errors.first_name} autoComplete="given-name" name="first_name" />
          <Field id="reg-last_name" label="نام خانوادگی" value={form.last_name} onValue={set("last_name")} error={errors.last_name} autoComplete="family-name" name="last_name" />
        </div>
        <Field
          id="reg-national_id"
          label="کد ملی"
          value={toFaDigits(form.national_id)}
          onValue={(v) => set("national_id")(digitsOnly(v).slice(0, 10))}
          error={errors.national_id}
          inputMode="numeric"
          maxLength={10}
          dir="ltr"
          name="national_id"
        />
        <Field
          id="reg-phone_number"
          label="شماره موبایل"
          value={form.phone_number}
          onValue={set("phone_number")}
          error={errors.phone_number}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder="۰۹۱۲۱۲۳۴۵۶۷"
          name="phone_number"
        />
        <PasswordField
          id="reg-password"
          label="رمز عبور (حداقل ۶ کاراکتر)"
          value={form.password}
          onValue={set("password")}
          error={errors.password}
          autoComplete="new-password"
        />
        <DateField
          id="reg-birth_date"
          label="تاریخ تولد"
          value={form.birth_date}
          onValue={set("birth_date")}
          error={errors.birth_date}
          min={{ jy: MIN_BIRTH_YEAR, jm: 1, jd: 1 }}
          max={max}
        />
        <Field
          id="reg-referral_code"
          label="کد معرف (اختیاری)"
          value={form.referral_code}
          onValue={set("referral_code")}
          className="code-text"
          dir="ltr"
          autoComplete="off"
          name="referral_code"
        />
        <Button type="submit" busy={busy} className="btn-block" data-testid="register-submit">
          ثبت‌نام و دریافت کد تایید
        </Button>
        {pending && (
          // Back from the code step: that sign-up (and its registration id) still waits for its code.
          <Button variant="ghost" onClick={() => setAtCode(true)} data-testid="back-to-code">
            {`ادامه با کد ارسال‌شده به ${toFaDigits(pending.phone_number)}`}
          </Button>
        )}
      </form>
      <p className="auth-foot">
        حساب کاربری دارید؟ <Link href="/login_page" data-testid="to-login">وارد شوید</Link>
      </p>
    </section>
  );
}


type VerifyStepProps = { pending: PendingSignUp; left: number; restart: (s?: number) => void; onBack: () => void };

function VerifyStep({ pending, left, restart, onBack }: VerifyStepProps) {
  const phone = pending.phone_number;
  const [, navigate] = useLocation();
  const [code, setCode] = useState("");
  const [codeErr, setCodeErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const verify = async (e?: FormEvent) => {
    e?.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setCodeErr(MESSAGES.codeIncomplete);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.verify(phone, code, pending.registration_id);
      if (askedSecondFactor(answer)) {
        // the phone already had an account with a second factor on: it signs in from the login screen
        savePendingSignUp(null);
        toast(answer.message || "برای ورود، از صفحه ورود وارد شوید", "info");
        navigate("/login_page");
        return;
      }
      saveLogin(answer);
      savePendingSignUp(null);
      setDone(true);
      toast(answer.message || "ثبت‌نام با موفقیت انجام شد", "success");
      setTimeout(() => navigate("/profile"), AFTER_REGISTER_MS);
    } catch (err) {
      toast(errorText(err, "کد وارد شده اشتباه است"), "error");
    } finally {
      setBusy(false);
    }
  };

  const { resending, resend } = useResend(() => api.requestLoginCode(phone), () => {
    setCode("");
    setCodeErr(null);
    restart(60);
  });

  return (
    <section className="card auth-card">
      <AuthHead title="تایید شماره موبایل" sub={`کد ۵ رقمی پیامک‌شده به شماره ${toFaDigits(phone)} را وارد کنید.`} />
      <Steps labels={SIGN_UP_STEPS} current={1} label="مراحل ثبت‌نام" />
      <form className="form" onSubmit={verify} noValidate>
        <CodeInput value={code} onChange={(v) => (setCode(v), setCodeErr(null))} error={codeErr} />
        <Button type="submit" busy={busy} disabled={done} className="btn-block" data-testid="register-verify">
          تایید و تکمیل ثبت‌نام
        </Button>
        <Resend left={left} busy={resending} onResend={resend} />
        <Button variant="ghost" onClick={onBack} data-testid="edit-register-form">
          ویرایش اطلاعات
        </Button>
      </form>
    </section>
  );
}
