import { afterEach, describe, expect, it, vi } from "vitest";

// A window that records its listeners, so a test can fire "offline" and "online" as the browser would.
function fakeWindow() {
  const handlers = new Map<string, (() => void)[]>();
  return {
    addEventListener: (type: string, fn: () => void) => handlers.set(type, [...(handlers.get(type) ?? []), fn]),
    fire: (type: string) => (handlers.get(type) ?? []).forEach((fn) => fn()),
  };
}

async function load(onLine = true) {
  vi.resetModules();
  const win = fakeWindow();
  vi.stubGlobal("window", win);
  vi.stubGlobal("navigator", { onLine });
  const mod = await import("./connection");
  return { ...mod, win };
}

describe("connection to the shop", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts reachable when the browser is online and unreachable when it is not", async () => {
    expect((await load(true)).isOffline()).toBe(false);
    expect((await load(false)).isOffline()).toBe(true);
  });

  it("turns unreachable on the browser's offline event, and back only on an answer, not on online", async () => {
    const c = await load();
    c.win.fire("offline");
    expect(c.isOffline()).toBe(true);
    c.win.fire("online");
    expect(c.isOffline()).toBe(true);
    c.markReachable();
    expect(c.isOffline()).toBe(false);
  });

  it("tells listeners of each change once, and no more after they unsubscribe", async () => {
    const c = await load();
    const seen: boolean[] = [];
    const stop = c.onConnectionChange((offline) => seen.push(offline));
    c.markUnreachable();
    c.markUnreachable(); // no change: no call
    c.markReachable();
    c.markReachable();
    stop();
    c.markUnreachable();
    expect(seen).toEqual([true, false]);
    expect(c.isOffline()).toBe(true);
  });

  it("is fed by api.ts: a fetch that throws is unreachable, any HTTP answer (even 500) is reachable", async () => {
    vi.resetModules();
    vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
    let answer: () => Response = () => {
      throw new TypeError("Failed to fetch");
    };
    vi.stubGlobal("fetch", async () => answer());
    const { api, ApiError } = await import("../api");
    const c = await import("./connection");

    const err = await api.shop().catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(c.isOffline()).toBe(true);

    answer = () => new Response(JSON.stringify({ message: "خطا" }), { status: 500 });
    await api.shop().catch(() => undefined);
    expect(c.isOffline()).toBe(false);
  });
});
