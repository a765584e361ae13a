import { beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "./testing/memory-storage";

// a scripted fetch and the memory storage are installed before api.ts loads (load below)

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function load(answers: ((c: Call) => Response)[]) {
  vi.resetModules();
  const storage = memoryStorage();
  vi.stubGlobal("localStorage", storage);
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const c: Call = {
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(c);
    const next = answers.shift();
    if (!next) throw new Error("unexpected call " + url);
    return next(c);
  });
  const mod = await import("./api");
  return { mod, storage, calls };
}

const user = { id: 7, first_name: "مریم", last_name: "رضایی", phone_number: "09121234567", is_admin: 0 };

describe("api session handling", () => {
  beforeEach(() => vi.unstubAllGlobals());

  it("stores tokens and user info under the spec's names and sends the bearer token", async () => {
    const { mod, storage, calls } = await load([
      () => json(200, { accessToken: "a1", refreshToken: "r1", user }),
      () => json(200, { user, balance: { balance_rial: "0", balance_gold: "0.000" } }),
    ]);
    const answer = await mod.api.login("09121234567", "secret1");
    if (mod.askedSecondFactor(answer)) throw new Error("a second factor asked of a person without one");
    mod.saveLogin(answer);
    expect(storage.getItem("authToken")).toBe("a1");
    expect(storage.getItem("refreshToken")).toBe("r1");
    expect(JSON.parse(storage.getItem("userInfo")!)).toMatchObject({ id: 7, first_name: "مریم", is_admin: 0 });
    expect(calls[0].headers.Authorization).toBeUndefined();
    await mod.api.me();
    expect(calls[1].headers.Authorization).toBe("Bearer a1");
  });

  it("refreshes once on a 401, keeps both rotated tokens and retries", async () => {
    const { mod, storage, calls } = await load([
      () => json(401, { message: "توکن نامعتبر" }),
      () => json(200, { accessToken: "a2", refreshToken: "r2" }),
      () => json(200, { user, balance: { balance_rial: "10", balance_gold: "1.000" } }),
    ]);
    storage.setItem("authToken", "a1");
    storage.setItem("refreshToken", "r1");
    const me = await mod.api.me();
    expect(me.balance.balance_gold).toBe("1.000");
    expect(calls[1]).toMatchObject({ url: "/api/auth/refresh-token", method: "POST", body: { refreshToken: "r1" } });
    expect(calls[1].headers.Authorization).toBeUndefined();
    expect(calls[2].headers.Authorization).toBe("Bearer a2");
    expect(storage.getItem("refreshToken")).toBe("r2");
  });

  it("clears the session and reports expiry when the refresh fails", async () => {
    const { mod, storage } = await load([
      () => json(401, {}),
      () => json(401, { message: "نامعتبر" }),
    ]);
    storage.setItem("authToken", "a1");
    storage.setItem("refreshToken", "r1");
    storage.setItem("userInfo", JSON.stringify(user));
    const expired = vi.fn();
    mod.onSessionExpired(expired);
    await expect(mod.api.me()).rejects.toMatchObject({ status: 401, message: mod.SESSION_EXPIRED });
    expect(expired).toHaveBeenCalledOnce();
    expect(storage.getItem("authToken")).toBeNull();
    expect(storage.getItem("refreshToken")).toBeNull();
    expect(mod.getSession()).toEqual({ token: null, user: null });
  });

  it("shares one refresh between concurrent 401s", async () => {
    let refreshes = 0;
    const { mod, storage } = await load([
      () => json(401, {}),
      () => json(401, {}),
      () => {
        refreshes++;
        return json(200, { accessToken: "a2", refreshToken: "r2" });
      },
      () => json(200, { user, balance: {} }),
      () => json(200, { user, balance: {} }),
    ]);
    storage.setItem("authToken", "a1");
    storage.setItem("refreshToken", "r1");
    await Promise.all([mod.api.me(), mod.api.me()]);
    expect(refreshes).toBe(1);
  });

  it("does not refresh for a wrong password and carries the server's message", async () => {
    const { mod, calls } = await load([() => json(401, { message: "شماره موبایل یا رمز عبور اشتباه است" })]);
    await expect(mod.api.login("09121234567", "bad")).rejects.toMatchObject({
      status: 401,
      message: "شماره موبایل یا رمز عبور اشتباه است",
    });
    expect(calls).toHaveLength(1);
  });

  it("falls back to the view's text when the server sends no message", async () => {
    const { mod } = await load([() => new Response("oops", { status: 500 })]);
    const err = await mod.api.price().catch((e) => e);
    expect(mod.errorText(err, "خطا در دریافت قیمت")).toBe("خطا در دریافت قیمت");
    expect(mod.errorText(new mod.ApiError(0, ""), "x")).toBe(mod.NETWORK_ERROR);
  });

  it("sends the registration id with a sign-up code and none with a login code", async () => {
    const { mod, calls } = await load([
      () => json(200, { phone_number: "09121234567", message: "ارسال شد", registration_id: "reg-1" }),
      () => json(200, { accessToken: "a1", refreshToken: "r1", user }),
      () => json(200, { accessToken: "a2", refreshToken: "r2", user }),
    ]);
    const form = { first_name: "مریم", last_name: "رضایی", national_id: "0013542419", phone_number: "09121234567", password: "secret1", birth_date: "1370/01/01" };
    const { registration_id } = await mod.api.register(form);
    await mod.api.verify("09121234567", "12345", registration_id);
    await mod.api.verify("09121234567", "54321");
    expect(calls[1]).toMatchObject({ url: "/api/auth/verify", body: { phone_number: "09121234567", code: "12345", registration_id: "reg-1" } });
    expect(calls[2].body).toEqual({ phone_number: "09121234567", code: "54321" });
  });

  it("tells the screens of a refreshed profile only when it changed", async () => {
    const { mod, storage } = await load([]);
    storage.setItem("authToken", "a1");
    mod.saveUser(user as never);
    const told: unknown[] = [];
    mod.subscribeSession((s: unknown) => told.push(s));
    mod.saveUser({ ...user } as never); // GET /api/users/me on the next page load: the same profile
    expect(told).toHaveLength(0);
    mod.saveUser({ ...user, first_name: "زهرا" } as never);
    expect(told).toHaveLength(1);
    expect(mod.getSession().user).toMatchObject({ first_name: "زهرا" });
  });

  it("logs out on the server and clears all local storage", async () => {
    const { mod, storage, calls } = await load([() => json(200, { message: "خارج شدید" })]);
    storage.setItem("authToken", "a1");
    storage.setItem("other", "x");
    await mod.logout();
    expect(calls[0]).toMatchObject({ url: "/api/auth/logout", method: "POST" });
    expect(storage.length).toBe(0);
  });

  it("remembers a balance that lands after the profile was refreshed, and not one that lands after a logout", async () => {
    let answer!: (r: Response) => void;
    const balances = { balance_rial: "2000000", balance_gold: "0.000", available_rial: "2000000", available_gold: "0.000" };
    const { mod, storage } = await load([() => new Promise<Response>((r) => (answer = r)) as unknown as Response]);
    storage.setItem("authToken", "a1");
    storage.setItem("userInfo", JSON.stringify({ id: 7, first_name: "مریم" }));
    const pending = mod.api.balances();
    await Promise.resolve();
    mod.saveUser({ ...user, role: "customer" } as never); // GET /api/users/me's fuller answer, the same person
    answer(json(200, balances));
    await pending;
    expect(JSON.parse(storage.getItem("lastKnown.balances")!).value).toEqual(balances);

    const after = await load([() => new Promise<Response>((r) => (answer = r)) as unknown as Response]);
    after.storage.setItem("authToken", "a1");
    after.storage.setItem("userInfo", JSON.stringify({ id: 7 }));
    const late = after.mod.api.balances();
    await Promise.resolve();
    after.storage.setItem("userInfo", JSON.stringify({ id: 8 })); // another person signed in meanwhile
    answer(json(200, balances));
    await late;
    expect(after.storage.getItem("lastKnown.balances")).toBeNull();
  });
});
