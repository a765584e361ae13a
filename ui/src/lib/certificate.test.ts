import { describe, expect, it } from "vitest";
import type { Certificate } from "../api-types";
import { certificateWarning } from "./certificate";

const cert = (over: Partial<Certificate>): Certificate => ({
  https: true, source: "acme", domain: "gold.example", expires_at: "2025-04-08T12:00:00Z", days_left: 10, warning: true, ...over,
});

describe("certificateWarning", () => {
  it("says nothing without a warning", () => {
    expect(certificateWarning(null)).toBeNull();
    expect(certificateWarning(cert({ warning: false }))).toBeNull();
  });
  it("names the Jalali day and the days left", () => {
    const w = certificateWarning(cert({}))!;
    expect(w.title).toBe("گواهی امنیتی سایت به‌زودی منقضی می‌شود");
    expect(w.text).toContain("در تاریخ ۱۴۰۴/۰۱/۱۹");
    expect(w.text).toContain("۱۰ روز دیگر");
    expect(w.text).toContain("اتصال اینترنت سرور را بررسی کنید");
  });
  it("says so when the certificate has run out", () => {
    expect(certificateWarning(cert({ days_left: 0 }))!.title).toBe("گواهی امنیتی سایت منقضی شده است");
    expect(certificateWarning(cert({ days_left: -3 }))!.text).not.toContain("روز دیگر");
  });
});
