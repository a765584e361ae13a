import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../testing/memory-storage";
import { forgetAll, notCurrentShort, recall, remember } from "./last-known";
import { notCurrentText } from "./not-current-text";

const balances = { balance_rial: "5000000", balance_gold: "1.250", available_rial: "4000000", available_gold: "1.000" };
const price = { price: "42000000", updated_at: "2024-05-01T10:00:00Z", is_price_fresh: true };

let storage: ReturnType<typeof memoryStorage>;

describe("last known answers", () => {
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("recalls what was remembered with the time it arrived, each key on its own", () => {
    remember("balances", balances, 1_700_000_000_000);
    remember("price", price, 1_700_000_100_000);
    expect(recall("balances")).toEqual({ at: 1_700_000_000_000, value: balances });
    expect(recall("price")).toEqual({ at: 1_700_000_100_000, value: price });
    expect(recall("myPrices")).toBeNull();
  });

  it("forgets them all, and only them", () => {
    storage.setItem("authToken", "a1");
    remember("balances", balances);
    remember("price", price);
    forgetAll();
    expect(recall("balances")).toBeNull();
    expect(recall("price")).toBeNull();
    expect(storage.keys()).toEqual(["authToken"]);
  });

  it("recalls nothing from a corrupt or foreign stored value", () => {
    for (const raw of ["{", "null", "42", '"x"', '{"value":{}}', '{"at":"yesterday","value":{}}', '{"at":1700000000000}']) {
      storage.setItem("lastKnown.balances", raw);
      expect(recall("balances"), raw).toBeNull();
    }
    // a value without the fields a screen reads (an older shape) is no balances
    storage.setItem("lastKnown.balances", JSON.stringify({ at: 1_700_000_000_000, value: { balance_rial: "1" } }));
    expect(recall("balances")).toBeNull();
  });

  it("survives a storage that refuses to work", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    });
    expect(() => remember("price", price)).not.toThrow();
    expect(recall("price")).toBeNull();
    expect(() => forgetAll()).not.toThrow();
  });

  it("says when the figures arrived in Tehran time with Persian digits, the day too when not today", () => {
    const at = Date.parse("2024-05-01T10:35:00Z"); // 14:05 in Tehran (UTC+3:30)
    expect(notCurrentText(at, new Date("2024-05-01T15:00:00Z"))).toBe("به‌روز نیست؛ آخرین دریافت ساعت ۱۴:۰۵");
    expect(notCurrentText(at, new Date("2024-05-02T15:00:00Z"))).toBe("به‌روز نیست؛ آخرین دریافت ۱۴۰۳/۰۲/۱۲ ساعت ۱۴:۰۵");
    expect(notCurrentShort(at, new Date("2024-05-01T15:00:00Z"))).toBe("به‌روز نیست؛ ساعت ۱۴:۰۵");
    expect(notCurrentShort(at, new Date("2024-05-01T20:29:00Z"))).toBe("به‌روز نیست؛ ساعت ۱۴:۰۵"); // 23:59 in Tehran
    expect(notCurrentShort(at, new Date("2024-05-01T20:31:00Z"))).toBe("به‌روز نیست؛ از روزهای پیش"); // 00:01 the next day
  });
});

describe("api.ts and the last known answers", () => {
  afterEach(() => vi.unstubAllGlobals());

  async function load(answers: (() => Response)[]) {
    vi.resetModules();
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("fetch", async () => {
      const next = answers.shift();
      if (!next) throw new TypeError("Failed to fetch");
      return next();
    });
    return { mod: await import("../api"), storage };
  }
  const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

  it("remembers a successful answer and hands it back only for a network failure", async () => {
    const { mod } = await load([json(200, balances), json(500, { message: "خطای سرور" })]);
    await mod.api.balances();
    const serverErr = await mod.api.balances().catch((e) => e);
    expect(mod.lastKnown("balances", serverErr)).toBeNull();
    const networkErr = await mod.api.balances().catch((e) => e);
    expect(mod.lastKnown("balances", networkErr)?.value).toEqual(balances);
  });

  it("forgets them when the session ends, so the next person on the phone never sees them", async () => {
    const { mod } = await load([json(200, balances), json(200, price)]);
    await mod.api.balances();
    await mod.api.price();
    mod.clearSession();
    expect(recall("balances")).toBeNull();
    expect(recall("price")).toBeNull();
  });
});
