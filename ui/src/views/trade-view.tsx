// /trade_page (customer.md §2, §4): prices and balances refreshed every 10 s, the amount form, then the
// 5-digit code step for the quote the server locked. A verified trade returns to an empty form.
import { useEffect, useRef, useState, type ComponentType } from "react";
import { Link } from "wouter";
import { api, errorText, lastKnown, type Balances, type Message, type MyPrices, type Quote, type TradeAmount, type TradeType } from "../api";
import { InfoIcon } from "../components/ui/icons";
import { NotCurrent } from "../components/shell/not-current";
import { toast } from "../components/ui/toast";
import { lazy } from "../components/shell/lazy";
import { TradeForm } from "../components/trade/trade-form";
import { TradeMarket } from "../components/trade/trade-market";
import { LoadFailed, PageHeader } from "../components/ui";
import { useCountdown } from "../hooks/use-countdown";
import { useGoldPrice } from "../hooks/use-gold-price";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { useLoad } from "../hooks/use-load";
import { useOffline } from "../hooks/use-offline";
import { recall } from "../lib/last-known";
import { notCurrentText } from "../lib/not-current-text";
import { checkTrade, secondsLeft, TRADE_MESSAGES as M, tradeAmount, type TradeInput } from "../lib/trade";
import { CODE_LENGTH } from "../lib/validate";
import { afterIdle, track } from "../lib/after-idle";
import "../styles/trade.css";

/** TRADE_POLL_MS is how often the prices and balances are refreshed (customer.md §9). */
export const TRADE_POLL_MS = 10_000;
/** RESEND_SECONDS is the wait before a new code may be asked for. */
const RESEND_SECONDS = 60;

const EMPTY_INPUT: TradeInput = { rial: "", gold: "" };

/** Asked is the request that produced the quote; a resend sends it again. */
type Asked = { type: TradeType; amount: TradeAmount };

// the code step's code (its boxes, countdown and resend) comes once the page is done, or with the first quote
const TradeCodeStep = lazy(async () => ({ default: (await import("../components/trade/trade-code-step")).TradeCodeStep }));

/** LimitHint is the daily limits' line (components/daily-limit-hint), once its chunk has come. */
type LimitHint = ComponentType<{ type: TradeType; trades: number }>;

/** Market is what the screen loads: the customer's prices and balances. */
type Market = { prices: MyPrices; balances: Balances | null };

/** rememberedMarket is the prices and balances this phone last saw, with when, or null. */
function rememberedMarket(): (Market & { at: number }) | null {
  const p = recall("myPrices");
  if (!p) return null;
  const b = recall("balances");
  return { prices: p.value, balances: b?.value ?? null, at: Math.min(p.at, b?.at ?? p.at) };
}

/** TradeView is /trade_page; ?type=sell opens the sell tab. */
export default function TradeView() {
  // the screen paints at once from what this phone last saw, if anything, dimmed and with nothing to submit
  // until the live answer replaces it
  const [start] = useState(rememberedMarket);
  // when the shown prices and balances arrived, and whether they are the phone's remembered ones
  const [receivedAt, setReceivedAt] = useState(start?.at ?? 0);
  const [recalled, setRecalled] = useState(!!start);
  const offline = useOffline();
  const [type, setType] = useState<TradeType>(() => (new URLSearchParams(location.search).get("type") === "sell" ? "sell" : "buy"));
  const [input, setInput] = useState<TradeInput>(EMPTY_INPUT);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [message, setMessage] = useState("");
  const [code, setCode] = useState("");
  const [codeErr, setCodeErr] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const resendIn = useCountdown();
  const expiry = useCountdown();
  const [key, renewKey] = useIdempotencyKey([quote]);
  const failures = useRef(0);
  const [LimitHint, setLimitHint] = useState<LimitHint | null>(null);
  const [trades, setTrades] = useState(0);

  const market = useLoad(
    async (): Promise<Market> => {
      const [prices, balances] = await Promise.all([api.myPrices(), api.balances()]);
      return { prices, balances };
    },
    M.loadFailed,
    {
      initial: start,
      onData: () => {
        setReceivedAt(Date.now());
        setRecalled(false);
        failures.current = 0;
      },
      onError: (err) => {
        // without a connection the remembered figures stand in, marked; the banner already says why
        const p = lastKnown("myPrices", err);
        if (p) {
          const b = lastKnown("balances", err);
          market.setData({ prices: p.value, balances: b?.value ?? null });
          setReceivedAt(Math.min(p.at, b?.at ?? p.at));
          setRecalled(true);
          return true;
        }
        // a refused or broken answer is an error to show, not a reason for the remembered figures (recalled is
        // the newest render's: useLoad calls the newest onError)
        if (recalled) {
          market.setData(null);
          setRecalled(false);
        }
        // a poll that keeps failing says so once (useLoad's toast), not every 10 s
        return failures.current++ !== 0;
      },
    },
  );
  const prices = market.data?.prices ?? null;
  const balances = market.data?.balances ?? null;
  const failed = market.failed;
  const load = market.refresh;

  useEffect(() => afterIdle(TradeCodeStep.preload), []);
  // what is left today under a daily limit is said once the page is done (most customers have no limit)
  useEffect(() => afterIdle(() => void track(import("../components/limits/daily-limit-hint")).then((m) => setLimitHint(() => m.DailyLimitHint), () => undefined)), []);
  // the first load is useLoad's; then a poll every 10 s while the page is seen, and at once when it is seen again
  useEffect(() => {
    const t = setInterval(() => document.visibilityState !== "hidden" && void load(), TRADE_POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(t);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  // the header's live price is the one source: when it sees a new price or a change of freshness, this page's
  // prices follow at once instead of at their next 10 s poll
  const live = useGoldPrice();
  useEffect(() => {
    if (prices && live.loaded && (live.updatedAt !== prices.last_updated || live.fresh !== prices.is_price_fresh)) void load();
  }, [live.updatedAt, live.fresh]);

  // back online: the remembered figures give way to live ones at once, not at the next poll
  useEffect(() => {
    if (!offline && recalled) void load();
  }, [offline]);
  const notCurrent = prices !== null && (offline || recalled);
  // said in words only when the live answer cannot come (offline, or it failed): a load in progress just dims
  const sayNotCurrent = notCurrent && (offline || failed);

  // each step starts at the top of the screen (the request button sits low on a phone)
  const step = quote ? "code" : "form";
  useEffect(() => window.scrollTo(0, 0), [step]);

  /** lock shows the code step for the quote the server answered with. */
  const lock = (answer: Message & { quote: Quote }) => {
    setQuote(answer.quote);
    setMessage(answer.message ?? "");
    setCode("");
    setCodeErr(null);
    resendIn.restart(RESEND_SECONDS);
    expiry.restart(secondsLeft(answer.quote.expires_at));
  };

  const ask = async () => {
    if (!prices) return;
    const price = type === "buy" ? prices.buy_price : prices.sell_price;
    const err = checkTrade(type, input, { price, trading: prices.trading, balances });
    setError(err);
    if (err) return;
    const request: Asked = { type, amount: tradeAmount(input) };
    setAsking(true);
    try {
      const answer = await api.quote(request.type, request.amount);
      if (!answer?.quote) throw new Error("no quote in the answer");
      setAsked(request);
      // the server's message stays on the code step instead of a toast
      lock(answer);
    } catch (e) {
      toast(errorText(e, M.quoteFailed), "error", 5000);
    } finally {
      setAsking(false);
    }
  };

  const resend = async () => {
    if (!asked) return;
    setResending(true);
    try {
      const answer = await api.quote(asked.type, asked.amount);
      if (!answer?.quote) throw new Error("no quote in the answer");
      lock(answer);
      toast(M.resent, "success");
    } catch (e) {
      toast(errorText(e, M.resendFailed), "error");
    } finally {
      setResending(false);
    }
  };

  const verify = async () => {
    if (!quote) return;
    if (code.length !== CODE_LENGTH) {
      setCodeErr(M.codeIncomplete);
      return;
    }
    setVerifying(true);
    try {
      await api.verifyTrade(code, quote.type, key);
      toast(M.done, "success");
      setQuote(null);
      setAsked(null);
      setInput(EMPTY_INPUT);
      setCode("");
      setError(null);
      renewKey();
      setTrades((n) => n + 1);
      void load();
    } catch (e) {
      toast(errorText(e, M.wrongCode), "error", 5000);
    } finally {
      setVerifying(false);
    }
  };

  const back = () => {
    setQuote(null);
    setCode("");
    setCodeErr(null);
  };

  return (
    <div className="trade">
      <PageHeader title="خرید و فروش" />
      {!prices && failed ? (
        <LoadFailed icon={<InfoIcon size={40} />} title={M.loadFailed} onRetry={() => void load()} />
      ) : (
        <div className="stack">
          {quote ? (
            <TradeCodeStep
              quote={quote}
              message={message}
              expiresIn={expiry.left}
              code={code}
              onCode={(v) => (setCode(v), setCodeErr(null))}
              codeError={codeErr}
              verifying={verifying}
              onVerify={verify}
              resendIn={resendIn.left}
              resending={resending}
              onResend={resend}
              onBack={back}
            />
          ) : (
            <>
              <div className={notCurrent ? "is-not-current" : undefined}>
                {sayNotCurrent && (
                  <p className="not-current-line not-current-above">
                    <NotCurrent text={notCurrentText(receivedAt)} />
                  </p>
                )}
                <TradeMarket prices={prices} balances={balances} type={type} />
              </div>
              <TradeForm
                type={type}
                onType={(t) => (setType(t), setError(null))}
                input={input}
                onInput={(v) => (setInput(v), setError(null))}
                prices={prices}
                current={!notCurrent}
                error={error}
                busy={asking}
                onSubmit={ask}
                footer={LimitHint && <LimitHint type={type} trades={trades} />}
              />
              {/* a plain link: the orders screen's code loads when it is opened, never with this one */}
              <Link href="/orders_page" className="trade-alert-link" data-testid="trade-orders-link">
                سفارش شرطی: خرید یا فروش در قیمت دلخواه
              </Link>
            </>
          )}
        </div>
      )}
    </div>
  );
}
