// Edit first name, last name and birth date; phone and national id are read-only.
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { api, errorText, saveUser, type User } from "../api";
import { DateField } from "../components/ui/date-field";
import { toast } from "../components/ui/toast";
import { Button, Field, Loading, PageHeader } from "../components/ui";
import { useMe } from "../hooks/use-me";
import { toFaDigits } from "../lib/digits";
import { checkBirthDate, latestBirthDate, MIN_BIRTH_YEAR } from "../lib/jalali";
import { MESSAGES, requiredError } from "../lib/validate";

/** SAVED_TEXT is the success toast of the edit. */
export const SAVED_TEXT = "اطلاعات با موفقیت به‌روزرسانی شد";

/** EditProfileView is /edit-profile_page. */
export default function EditProfileView() {
  const { me } = useMe("خطا در دریافت اطلاعات");
  return (
    <>
      <PageHeader title="ویرایش پروفایل" back="/profile_page" />
      {me ? <ProfileForm user={me.user} /> : <Loading text="در حال دریافت اطلاعات…" />}
    </>
  );
}

// The form starts from the loaded user in its first render, so nothing typed can be overwritten by the load.
function ProfileForm({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const [first, setFirst] = useState(user.first_name ?? "");
  const [last, setLast] = useState(user.last_name ?? "");
  const [birth, setBirth] = useState(user.birth_date ?? "");
  const [errors, setErrors] = useState<{ first?: string | null; last?: string | null; birth?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const b = checkBirthDate(birth);
    const errs = {
      first: requiredError(first, MESSAGES.firstNameRequired),
      last: requiredError(last, MESSAGES.lastNameRequired),
      birth: b.ok ? null : b.message,
    };
    setErrors(errs);
    if (errs.first || errs.last || !b.ok) return;
    setBusy(true);
    try {
      const answer = await api.updateProfile(first.trim(), last.trim(), b.value);
      if (answer.user) saveUser(answer.user);
      setDone(true);
      toast(SAVED_TEXT, "success");
      setTimeout(() => navigate("/profile"), 2000);
    } catch (err) {
      toast(errorText(err, "خطا در به‌روزرسانی اطلاعات"), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="edit-profile-form">
      <div className="form-row">
        <Field label="نام" value={first} onValue={(v) => (setFirst(v), setErrors((x) => ({ ...x, first: null })))} error={errors.first} autoComplete="given-name" data-testid="edit-first-name" />
        <Field label="نام خانوادگی" value={last} onValue={(v) => (setLast(v), setErrors((x) => ({ ...x, last: null })))} error={errors.last} autoComplete="family-name" data-testid="edit-last-name" />
      </div>
      <DateField
        label="تاریخ تولد"
        value={birth}
        onValue={(v) => (setBirth(v), setErrors((x) => ({ ...x, birth: null })))}
        error={errors.birth}
        min={{ jy: MIN_BIRTH_YEAR, jm: 1, jd: 1 }}
        max={latestBirthDate()}
        testid="edit-birth-date"
      />
      <Field label="شماره موبایل" value={toFaDigits(user.phone_number ?? "")} readOnly dir="ltr" data-testid="edit-phone" />
      <Field label="کد ملی" value={toFaDigits(user.national_id ?? "")} readOnly dir="ltr" data-testid="edit-national-id" />
      <Button type="submit" busy={busy} disabled={done} className="btn-block" data-testid="edit-profile-submit">
        تایید و ذخیره
      </Button>
    </form>
  );
}
