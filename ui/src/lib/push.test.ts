import { describe, expect, it } from "vitest";
import { pushSupport } from "./push";

const all = { push: true, notifications: true, worker: true, iPhone: false, standalone: false };

describe("push on this phone", () => {
  it("is offered where the browser has push, notifications and a worker", () => {
    expect(pushSupport(all)).toBe("supported");
    expect(pushSupport({ ...all, iPhone: true, standalone: true })).toBe("supported");
  });

  it("asks an iPhone to install first: Safari gives push only to home-screen apps", () => {
    expect(pushSupport({ ...all, push: false, notifications: false, iPhone: true })).toBe("install-first");
    expect(pushSupport({ ...all, push: false, iPhone: true, standalone: true })).toBe("unsupported");
  });

  it("says there is none where any part is missing", () => {
    expect(pushSupport({ ...all, push: false })).toBe("unsupported");
    expect(pushSupport({ ...all, notifications: false })).toBe("unsupported");
    expect(pushSupport({ ...all, worker: false })).toBe("unsupported");
  });
});
