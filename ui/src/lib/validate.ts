// Form checks shared by the screens; each returns a Persian message or null.
import { digitsOnly, toLatinDigits } from "./digits";

/** MESSAGES holds the validation texts. */
/** CODE_LENGTH is the number of digits of a verification code (decisions.md §3). */
export const CODE_LENGTH = 5;

export const MESSAGES = {
  phoneRequired: "شماره موبایل را وارد کنید",
  phoneInvalid: "شماره موبایل معتبر نیست (مثال: ۰۹۱۲۱۲۳۴۵۶۷)",
  passwordRequired: "رمز عبور را وارد کنید",
  passwordShort: "رمز عبور باید حداقل ۶ کاراکتر باشد",
  passwordLong: "رمز عبور نباید بیشتر از ۱۲۸ کاراکتر باشد",
  passwordMismatch: "رمز عبور و تکرار آن یکسان نیستند",
  firstNameRequired: "نام را وارد کنید",
  lastNameRequired: "نام خانوادگی را وارد کنید",
  nationalIdRequired: "کد ملی را وارد کنید",
  nationalIdLength: "کد ملی باید ۱۰ رقم باشد",
  nationalIdInvalid: "کد ملی معتبر نیست",
  codeIncomplete: "کد ۵ رقمی را کامل وارد کنید",
} as const;

/**
 * normalizePhone turns an Iranian mobile number in any common spelling (+989…, 00989…, 989…,
 * 9…, 09…, any digits) into 09xxxxxxxxx, or returns null when it is not one.
 */
export function normalizePhone(value: string): string | null {
  let d = digitsOnly(value);
  if (d.startsWith("0098")) d = d.slice(4);
  else if (d.startsWith("98") && d.length === 12) d = d.slice(2);
  if (d.startsWith("0")) d = d.slice(1);
  return /^9\d{9}$/.test(d) ? "0" + d : null;
}

/** phoneError checks a mobile number. */
export function phoneError(value: string): string | null {
  if (!value.trim()) return MESSAGES.phoneRequired;
  return normalizePhone(value) ? null : MESSAGES.phoneInvalid;
}

/** passwordError checks a new password: 6 to 128 characters (decisions.md §3). */
export function passwordError(value: string): string | null {
  if (!value) return MESSAGES.passwordRequired;
  const length = Array.from(value).length;
  if (length < 6) return MESSAGES.passwordShort;
  if (length > 128) return MESSAGES.passwordLong;
  return null;
}

/** nationalIdValid checks the 10 digits and the official check digit of an Iranian national id. */
export function nationalIdValid(id: string): boolean {
  if (!/^\d{10}$/.test(id) || /^(\d)\1{9}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(id[i]) * (10 - i);
  const rest = sum % 11;
  const check = Number(id[9]);
  return rest < 2 ? check === rest : check === 11 - rest;
}

/** nationalIdError checks a typed national id. */
export function nationalIdError(value: string): string | null {
  const id = toLatinDigits(value.trim());
  if (!id) return MESSAGES.nationalIdRequired;
  if (!/^\d{10}$/.test(id)) return MESSAGES.nationalIdLength;
  return nationalIdValid(id) ? null : MESSAGES.nationalIdInvalid;
}

/** requiredError returns message when value is blank. */
export function requiredError(value: string, message: string): string | null {
  return value.trim() ? null : message;
}
