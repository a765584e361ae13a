// The invite link, its share text and the QR file name of /referral_page (customer.md "Invite friends").
import { formatGold } from "./money";

/** REFERRAL_REWARD_TEXT is the inviter's gift per friend as the rule on the screen states it (decisions.md §4). */
export const REFERRAL_REWARD_TEXT = `${formatGold("0.005")} گرم طلا`;

/** REFERRAL_TEXTS are the screen's messages. */
export const REFERRAL_TEXTS = {
  copied: "لینک کپی شد",
  copyFailed: "کپی نشد؛ لینک را نگه دارید و خودتان کپی کنید",
  loadFailed: "خطا در دریافت اطلاعات دعوت",
  downloadFailed: "ساخت تصویر کد QR ممکن نشد",
  rule: `به ازای هر دوستی که با کد شما ثبت‌نام کند و نخستین خرید یا فروش خود را انجام دهد، ${REFERRAL_REWARD_TEXT} به حساب شما واریز می‌شود.`,
} as const;

/** COPIED_MS is how long the copy button says the link was copied. */
export const COPIED_MS = 2000;

/** inviteLink is the register link carrying the code: `${origin}/register?ref=${code}`. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/register?ref=${encodeURIComponent(code)}`;
}

/** shareMessage is the title and text of the native share sheet. */
export function shareMessage(brand: string, code: string): { title: string; text: string } {
  return {
    title: `دعوت به ${brand}`,
    text: `با کد معرف ${code} در ${brand} ثبت‌نام کنید و هدیه بگیرید.`,
  };
}

/** qrFileName is the downloaded QR image's name: the code, kept to characters safe in any file system. */
export function qrFileName(code: string): string {
  const safe = code.replace(/[^A-Za-z0-9_-]/g, "_");
  return `${safe || "referral"}.png`;
}
