// The HTTPS certificate warning of the admin panel, in words the owner acts on.
import type { Certificate } from "../api-types";
import { toFaDigits } from "./digits";
import { formatJalaliDate } from "./jalali";

/** certificateWarning is the warning card's title and text, or null when there is nothing to warn about. */
export function certificateWarning(c: Certificate | null | undefined): { title: string; text: string } | null {
  if (!c || !c.warning) return null;
  const days = Math.floor(Number(c.days_left) || 0);
  const domain = c.domain ? ` دامنه ${c.domain}` : "";
  const date = c.expires_at ? formatJalaliDate(c.expires_at) : "";
  if (days <= 0) {
    return {
      title: "گواهی امنیتی سایت منقضی شده است",
      text: `گواهی امنیتی${domain}${date ? ` در تاریخ ${date}` : ""} به پایان رسیده و مرورگر مشتریان هشدار می‌دهد. گواهی را تمدید کنید؛ اگر تمدید خودکار است، اتصال اینترنت سرور را بررسی کنید.`,
    };
  }
  return {
    title: "گواهی امنیتی سایت به‌زودی منقضی می‌شود",
    text: `گواهی امنیتی${domain}${date ? ` در تاریخ ${date}` : ""} به پایان می‌رسد (${toFaDigits(days)} روز دیگر). گواهی را تمدید کنید؛ اگر تمدید خودکار است، اتصال اینترنت سرور را بررسی کنید.`,
  };
}
