// The chosen bar with the two actions: send the request, or drop the choice.
import type { Ref } from "react";
import type { Bar } from "../../api";
import { useOffline } from "../../hooks/use-offline";
import { faText, formatPurity } from "../../lib/gold-request";
import { formatGold } from "../../lib/money";
import { GoldBarIcon } from "../ui/icons";
import { OfflineNote } from "../shell/offline-banner";
import { Button } from "../ui";

type Props = {
  bar: Bar | null;
  error: string | null;
  busy: boolean;
  onSend: () => void;
  onClear: () => void;
  panelRef?: Ref<HTMLElement>;
};

/** GoldSelectedPanel shows the chosen bar's figures, or asks for a choice, above «ارسال درخواست» and «انصراف». */
export function GoldSelectedPanel({ bar, error, busy, onSend, onClear, panelRef }: Props) {
  const offline = useOffline();
  return (
    <section ref={panelRef} className={`card gold-selected${bar ? " has-bar" : ""}`} aria-labelledby="gold-selected-title" data-testid="gold-selected">
      <h2 id="gold-selected-title" className="section-title">
        آبشده انتخاب‌شده
      </h2>
      {bar ? (
        <>
          <div className="gold-selected-head">
            <span className="gold-selected-icon" aria-hidden="true">
              <GoldBarIcon size={26} />
            </span>
            <span className="gold-selected-name">
              <span className="gold-selected-lab">{faText(bar.rey)}</span>
              <span className="gold-selected-ang">شماره انگ {faText(bar.ang)}</span>
            </span>
          </div>
          <dl className="gold-figures">
            <div>
              <dt>عیار</dt>
              <dd className="num">{formatPurity(bar.ayar)}</dd>
            </div>
            <div>
              <dt>وزن</dt>
              <dd className="num">
                {formatGold(bar.vazn)} <span className="amount-unit">گرم</span>
              </dd>
            </div>
            <div className="is-main">
              <dt>وزن ۷۵۰</dt>
              <dd className="num" data-testid="gold-selected-vazn750">
                {formatGold(bar.vazn750)} <span className="amount-unit">گرم</span>
              </dd>
            </div>
          </dl>
          <p className="gold-selected-note">با ثبت درخواست، وزن ۷۵۰ این آبشده تا بررسی درخواست از موجودی قابل استفاده شما کنار گذاشته می‌شود.</p>
        </>
      ) : (
        <p className="gold-selected-empty">هنوز آبشده‌ای انتخاب نکرده‌اید؛ از فهرست بالا یکی را انتخاب کنید.</p>
      )}
      {error && (
        <p className="field-error gold-selected-error" role="alert" data-testid="gold-selected-error">
          {error}
        </p>
      )}
      <div className="gold-actions">
        <Button busy={busy} disabled={offline} onClick={onSend} data-testid="gold-send">
          ارسال درخواست
        </Button>
        <Button variant="secondary" disabled={!bar || busy} onClick={onClear} data-testid="gold-clear">
          انصراف
        </Button>
      </div>
      <OfflineNote />
    </section>
  );
}
