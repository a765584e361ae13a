// The trade form: buy/sell tabs, the rial amount or the gold weight (filling one clears the other), what
// the trade gives at the current price, and the request button. Closed hours and stale prices say so and
// hold the button back.
import type { KeyboardEvent, FormEvent, ReactNode } from "react";
import type { MyPrices, TradeType } from "../../api";
import { useOffline } from "../../hooks/use-offline";
import { formatUnits, GOLD_SCALE } from "../../lib/ledger";
import { formatGold, formatRial } from "../../lib/money";
import { closedText, limitsText, previewTrade, TRADE_LABEL, TRADE_MESSAGES as M, type TradeInput } from "../../lib/trade";
import { AmountField } from "../ui/amount-field";
import { ClockIcon, InfoIcon } from "../ui/icons";
import { OfflineNote } from "../shell/offline-banner";
import { TradeWeightField } from "./trade-weight-field";
import { Button } from "../ui";

const TYPES: TradeType[] = ["buy", "sell"];

type Props = {
  type: TradeType;
  onType: (t: TradeType) => void;
  input: TradeInput;
  onInput: (input: TradeInput) => void;
  /** prices are null until the first answer: the form is there, with nothing to submit yet */
  prices: MyPrices | null;
  /** current is false while prices are the phone's remembered ones: nothing may be asked on them */
  current: boolean;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  /** footer goes under the trade's limits (the daily limits' line). */
  footer?: ReactNode;
};

/** TradeForm is the amount step of /trade_page. */
export function TradeForm({ type, onType, input, onInput, prices, current, error, busy, onSubmit, footer }: Props) {
  const fresh = prices?.is_price_fresh ?? true; // not said stale before the answer says so
  const price = prices && (type === "buy" ? prices.buy_price : prices.sell_price);
  const closed = prices && closedText(type, prices.trading);
  const preview = previewTrade(type, input, price);
  const offline = useOffline();
  const blocked = !prices || !fresh || !!closed || !price || offline || !current;

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const next: TradeType = type === "buy" ? "sell" : "buy";
    onType(next);
    document.getElementById(`trade-tab-${next}`)?.focus();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked && !busy) onSubmit();
  };

  return (
    <form className="card form trade-form" onSubmit={submit} noValidate data-testid="trade-form">
      <div className="tabs trade-tabs" role="tablist" aria-label="خرید یا فروش" onKeyDown={onKey}>
        {TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`trade-tab-${t}`}
            className={`tab tab-${t}`}
            aria-selected={type === t}
            tabIndex={type === t ? 0 : -1}
            onClick={() => onType(t)}
            data-testid={`trade-tab-${t}`}
          >
            {`${TRADE_LABEL[t]} طلا`}
          </button>
        ))}
      </div>

      {!fresh ? (
        <p className="note note-warn" role="alert" data-testid="trade-stale">
          <InfoIcon size={20} />
          <span>{`${M.stale}؛ تا اعلام قیمت تازه، خرید و فروش ممکن نیست.`}</span>
        </p>
      ) : closed ? (
        <p className="note note-warn" role="status" data-testid="trade-closed">
          <ClockIcon size={20} />
          <span>{closed}</span>
        </p>
      ) : null}

      <fieldset className="trade-fields" disabled={!fresh}>
        <legend className="visually-hidden">مبلغ یا وزن (فقط یکی)</legend>
        <AmountField
          label={type === "buy" ? "مبلغ خرید" : "مبلغ فروش"}
          digits={input.rial}
          onDigits={(rial) => onInput({ rial, gold: rial ? "" : input.gold })}
          testid="trade-rial"
        />
        <p className="trade-or" aria-hidden="true">
          <span>یا</span>
        </p>
        <TradeWeightField
          label={type === "buy" ? "وزن طلای خرید" : "وزن طلای فروش"}
          value={input.gold}
          onValue={(gold) => onInput({ gold, rial: gold ? "" : input.rial })}
          testid="trade-gold"
        />
      </fieldset>

      {preview && preview.goldMg > 0n && (
        <div className="trade-preview" data-testid="trade-preview" aria-live="polite">
          <dl>
            <div>
              <dt>{type === "buy" ? "مبلغ پرداختی" : "مبلغ دریافتی"}</dt>
              <dd>
                <span data-testid="trade-preview-rial">{formatRial(preview.rial.toString())}</span> ریال
              </dd>
            </div>
            <div>
              <dt>{type === "buy" ? "طلای دریافتی" : "طلای فروخته‌شده"}</dt>
              <dd>
                <span data-testid="trade-preview-gold">{formatGold(formatUnits(preview.goldMg, GOLD_SCALE))}</span> گرم
              </dd>
            </div>
          </dl>
          <p className="trade-preview-note">برآورد با قیمت فعلی</p>
        </div>
      )}

      {error && (
        <p className="field-error trade-error" role="alert" data-testid="trade-error">
          {error}
        </p>
      )}

      <Button type="submit" className={`btn-block trade-submit trade-submit-${type}`} busy={busy} disabled={blocked} data-testid="trade-submit">
        {type === "buy" ? "درخواست خرید" : "درخواست فروش"}
      </Button>
      <OfflineNote />
      <p className="field-hint center" data-testid="trade-limits">
        {prices ? limitsText(prices.trading) : "…"}
      </p>
      {footer}
    </form>
  );
}
