// The code step of a trade: the locked quote with the time it still holds, the five code boxes, the
// resend countdown and a way back to the form.
import type { FormEvent } from "react";
import type { Quote } from "../../api";
import { useOffline } from "../../hooks/use-offline";
import { formatGold, formatRial } from "../../lib/money";
import { clock, TRADE_LABEL, TRADE_MESSAGES as M } from "../../lib/trade";
import { CodeInput } from "../ui/code-input";
import { BackIcon, LockIcon } from "../ui/icons";
import { OfflineNote } from "../shell/offline-banner";
import { Resend } from "../security/resend";
import { Button } from "../ui";

type Props = {
  quote: Quote;
  /** message is the server's answer to the request (the code was sent). */
  message: string;
  /** expiresIn is the seconds the quote still holds. */
  expiresIn: number;
  code: string;
  onCode: (code: string) => void;
  codeError: string | null;
  verifying: boolean;
  onVerify: () => void;
  resendIn: number;
  resending: boolean;
  onResend: () => void;
  onBack: () => void;
};

/** TradeCodeStep is the verification step of /trade_page. */
export function TradeCodeStep(p: Props) {
  const { quote } = p;
  const buy = quote.type === "buy";
  const offline = useOffline();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.verifying && !offline) p.onVerify();
  };
  return (
    <form className="card form trade-code" onSubmit={submit} noValidate data-testid="trade-code-step">
      <div className="trade-code-head">
        <span className={`trade-badge trade-badge-${quote.type}`} data-testid="quote-type">
          {`${TRADE_LABEL[quote.type]} طلا`}
        </span>
        <span className={`trade-expiry${p.expiresIn <= 20 ? " is-ending" : ""}`} data-testid="quote-expires" aria-live="off">
          <LockIcon size={16} />
          {p.expiresIn > 0 ? `قیمت تا ${clock(p.expiresIn)} دیگر ثابت است` : "مهلت قیمت تمام شد"}
        </span>
      </div>

      <dl className="quote-summary">
        <div>
          <dt>{buy ? "طلای دریافتی" : "طلای فروخته‌شده"}</dt>
          <dd>
            <strong data-testid="quote-gold">{formatGold(quote.amount_gold)}</strong> گرم
          </dd>
        </div>
        <div>
          <dt>{buy ? "مبلغ پرداختی" : "مبلغ دریافتی"}</dt>
          <dd>
            <strong data-testid="quote-rial">{formatRial(quote.amount_rial)}</strong> ریال
          </dd>
        </div>
        <div>
          <dt>قیمت هر گرم</dt>
          <dd>
            <span data-testid="quote-price">{formatRial(quote.price_per_gram)}</span> ریال
          </dd>
        </div>
      </dl>

      {p.expiresIn === 0 && (
        <p className="note note-warn" role="status" data-testid="quote-expired">
          {M.expired}
        </p>
      )}

      <p className="center muted small" data-testid="trade-code-message">
        {p.message || M.codeSent}
      </p>
      <CodeInput value={p.code} onChange={p.onCode} error={p.codeError} />
      <Button type="submit" busy={p.verifying} disabled={offline} className="btn-block" data-testid="trade-verify">
        {buy ? "تایید و خرید" : "تایید و فروش"}
      </Button>
      <OfflineNote />
      <div className="trade-code-foot">
        <Button variant="ghost" className="trade-back" onClick={p.onBack} disabled={p.verifying} data-testid="trade-edit">
          <BackIcon size={18} />
          ویرایش مبلغ
        </Button>
        <Resend left={p.resendIn} busy={p.resending} onResend={p.onResend} />
      </div>
    </form>
  );
}
