// The chosen bar with the two actions: send the request, or drop the choice.
import type { Ref } from "preact";
import type { Bar } from "../api";
import { faText, formatPurity } from "../lib/gold-request";
import { formatGold } from "../lib/money";
import { GoldBarIcon } from "./icons";
import { Button } from "./ui";

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
  return (
    <section ref={panelRef} class={`card gold-selected${bar ? " has-bar" : ""}`} aria-labelledby="gold-selected-title" data-testid="gold-selected">
      <h2 id="gold-selected-title" class="section-title">
        آبشده انتخاب‌شده
      </h2>
      {bar ? (
        <>
          <div class="gold-selected-head">
            <span class="gold-selected-icon" aria-hidden="true">
              <GoldBarIcon size={26} />
            </span>
            <span class="gold-selected-name">
              <span class="gold-selected-lab">{faText(bar.rey)}</span>
              <span class="gold-selected-ang">شماره انگ {faText(bar.ang)}</span>
            </span>
          </div>
          <dl class="gold-figures">
            <div>
              <dt>عیار</dt>
              <dd class="num">{formatPurity(bar.ayar)}</dd>
            </div>
            <div>
              <dt>وزن</dt>
              <dd class="num">
                {formatGold(bar.vazn)} <span class="amount-unit">گرم</span>
              </dd>
            </div>
            <div class="is-main">
              <dt>وزن ۷۵۰</dt>
              <dd class="num" data-testid="gold-selected-vazn750">
                {formatGold(bar.vazn750)} <span class="amount-unit">گرم</span>
              </dd>
            </div>
          </dl>
          <p class="gold-selected-note">با ثبت درخواست، وزن ۷۵۰ این آبشده تا بررسی درخواست از موجودی قابل استفاده شما کنار گذاشته می‌شود.</p>
        </>
      ) : (
        <p class="gold-selected-empty">هنوز آبشده‌ای انتخاب نکرده‌اید؛ از فهرست بالا یکی را انتخاب کنید.</p>
      )}
      {error && (
        <p class="field-error gold-selected-error" role="alert" data-testid="gold-selected-error">
          {error}
        </p>
      )}
      <div class="gold-actions">
        <Button busy={busy} onClick={onSend} data-testid="gold-send">
          ارسال درخواست
        </Button>
        <Button variant="secondary" disabled={!bar || busy} onClick={onClear} data-testid="gold-clear">
          انصراف
        </Button>
      </div>
    </section>
  );
}
