import { describe, expect, it } from "vitest";
import { endOthersQuestion, endQuestion, LOGIN_TEXTS, loginAddress, loginTimes, orderLogins, otherLogins, type Login } from "./logins";

const login = (id: number, last_used_at: string, current = false): Login => ({
  id, device: "کروم روی اندروید", address: "127.0.0.1", created_at: "2025-03-29T08:30:00Z", last_used_at, current,
});

const LATIN = /[A-Za-z]/;

describe("logins", () => {
  it("puts this browser's login first, then the others most recently used first", () => {
    const list = [login(3, "2025-03-29T09:00:00Z"), login(5, "2025-03-29T10:00:00Z"), login(9, "2025-03-29T08:45:00Z", true)];
    expect(orderLogins(list).map((l) => l.id)).toEqual([9, 5, 3]);
    expect(otherLogins(list)).toBe(2);
    expect(otherLogins([login(9, "2025-03-29T08:45:00Z", true)])).toBe(0);
  });
  it("writes the address in Persian digits and says when none is known", () => {
    expect(loginAddress("127.0.0.1")).toBe("۱۲۷.۰.۰.۱");
    expect(loginAddress(" ")).toBe("نامشخص");
  });
  it("shows when a login signed in and was last used as Tehran Jalali times", () => {
    expect(loginTimes(login(1, "2025-03-29T09:15:00.123Z"))).toEqual({ signedIn: "۱۴۰۴/۰۱/۰۹ ۱۲:۰۰", lastUsed: "۱۴۰۴/۰۱/۰۹ ۱۲:۴۵" });
    expect(loginTimes({ ...login(1, ""), created_at: "" })).toEqual({ signedIn: "—", lastUsed: "—" });
  });
  it("asks before ending, naming the device, in Persian only", () => {
    expect(endQuestion(login(4, "2025-03-29T09:00:00Z"))).toContain("«کروم روی اندروید» (آی‌پی ۱۲۷.۰.۰.۱)");
    expect(endOthersQuestion(2)).toContain("ورود ۲ دستگاه دیگر");
    for (const text of [...Object.values(LOGIN_TEXTS), endQuestion(login(4, "")), endOthersQuestion(12)]) expect(text).not.toMatch(LATIN);
  });
});
