import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// after-idle keeps its waves in module state: each test loads a fresh copy
async function fresh() {
  vi.resetModules();
  return import("./after-idle");
}

describe("after-idle's waves", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("document", { readyState: "complete" }); // a page that has loaded, with no idle callbacks
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("runs the screen's late parts once its answers are in, and the background after a quiet spell", async () => {
    const { afterIdle, inBackground, track, BACKGROUND_QUIET_MS } = await fresh();
    const ran: string[] = [];
    let answer!: () => void;
    void track(new Promise<void>((r) => (answer = r)));
    inBackground(() => ran.push("socket"));
    afterIdle(() => ran.push("sparkline"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).toEqual([]); // the first screen's answer is still on its way
    answer();
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toEqual(["sparkline"]);
    await vi.advanceTimersByTimeAsync(BACKGROUND_QUIET_MS + 100);
    expect(ran).toEqual(["sparkline", "socket"]);
    afterIdle(() => ran.push("later screen")); // the tab moved on: at once
    await vi.advanceTimersByTimeAsync(0);
    expect(ran.at(-1)).toBe("later screen");
  });

  it("starts the background wait again when the screen asks for more", async () => {
    const { inBackground, track, BACKGROUND_QUIET_MS } = await fresh();
    const ran: string[] = [];
    inBackground(() => ran.push("socket"));
    await vi.advanceTimersByTimeAsync(BACKGROUND_QUIET_MS / 2);
    let answer!: () => void;
    void track(new Promise<void>((r) => (answer = r)));
    await vi.advanceTimersByTimeAsync(BACKGROUND_QUIET_MS * 3);
    answer();
    await vi.advanceTimersByTimeAsync(BACKGROUND_QUIET_MS / 2);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(BACKGROUND_QUIET_MS);
    expect(ran).toEqual(["socket"]);
  });

  it("runs nothing cancelled, and holds back for no answer that never comes", async () => {
    const { afterIdle, inBackground, track } = await fresh();
    const ran: string[] = [];
    void track(new Promise<void>(() => undefined));
    const cancel = afterIdle(() => ran.push("cancelled"));
    inBackground(() => ran.push("socket"));
    cancel();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ran).toEqual(["socket"]);
  });
});
