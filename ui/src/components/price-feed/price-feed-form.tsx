// The settings of «قیمت خودکار» (issue 40): the source and how to read it, the owner's margin on it, and the
// guards and times; durations in minutes. The key is write-only: the form says whether one is kept, sends a
// key only when one is typed, and forgets the kept one when the owner says so.
import { useState, type FormEvent, type ReactNode } from "react";
import { errorText } from "../../api";
import { feedApi } from "../../api-price-feed";
import type { FeedPer, FeedSource, FeedUnit, PriceFeed } from "../../api-types";
import { trimLeadingZeros } from "../../lib/grouped-input";
import { faNumber, faTyped, formatRial } from "../../lib/money";
import {
  checkFeedForm, DEFAULT_SYMBOLS, DEFAULT_URLS, durationMinutes, sourceName, FEED_MESSAGES as M, FEED_PERS, FEED_SOURCES, FEED_UNITS, feedFormOf, sanitizeFigure, takesKey,
  takesSymbol, type FeedErrors, type FeedForm,
} from "../../lib/price-feed";
import { GroupedField } from "../ui/grouped-field";
import { SelectField } from "../ui/select-field";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";

type Props = {
  saved: PriceFeed;
  /** onSaved takes the settings the server kept. */
  onSaved: (feed: PriceFeed) => void;
};

/** FeedSettingsForm is the feed's settings. */
export function FeedSettingsForm({ saved, onSaved }: Props) {
  const [form, setForm] = useState<FeedForm>(() => feedFormOf(saved));
  const [errors, setErrors] = useState<FeedErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof FeedForm>(key: K) => (value: FeedForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  // another source reads another item: its own default, not the last source's symbol
  const setSource = (source: string) => setForm((f) => ({ ...f, source: source as FeedSource, symbol: "" }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { body, errors: errs } = checkFeedForm(form);
    setErrors(errs);
    if (!body) return;
    setBusy(true);
    try {
      const answer = await feedApi.save(body);
      toast(answer.message || M.saved, "success");
      setForm(feedFormOf(answer.feed));
      onSaved(answer.feed);
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error", 5000);
    } finally {
      setBusy(false);
    }
  };

  const source = form.source;
  const json = source === "json";
  const defaultUrl = source === saved.source && saved.default_url ? saved.default_url : DEFAULT_URLS[source];
  // the shop keeps one key, whichever source it was typed for
  const keyKept = saved.key_set;
  const keyWords = form.dropKey
    ? "کلید با ذخیرهٔ تنظیمات حذف می‌شود"
    : !keyKept
      ? "کلیدی که منبع به شما داده است، اگر لازم است"
      : source === saved.source
        ? "کلید ذخیره شده است؛ برای عوض کردن، کلید تازه را بنویسید"
        : "کلید ذخیره شده است؛ برای منبع تازه، کلید آن را بنویسید یا کلید قبلی را حذف کنید";
  const minutes = (key: "every" | "maxAge" | "alertAfter" | "manualHold", label: string, hint: string, testid: string) => (
    <Figure label={label} value={form[key]} onValue={(v) => set(key)(sanitizeFigure(v, 2))} unit="دقیقه" hint={hint} error={errors[key]} testid={testid} />
  );

  return (
    // a feed that runs is looked after from its status: its settings fold away above it, open while it is off
    <details className="feed-settings" open={!saved.enabled} data-testid="feed-settings">
      <summary className="feed-summary" data-testid="feed-summary">
        <span className="feed-summary-title">تنظیمات</span>
        <span className="feed-summary-text">{settingsLine(saved)}</span>
      </summary>
      <form className="form feed-form" onSubmit={submit} noValidate aria-label="تنظیمات قیمت خودکار" data-testid="feed-form">
        <label className="feed-switch">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set("enabled")((e.currentTarget as HTMLInputElement).checked)} data-testid="feed-enabled" />
          قیمت خودکار روشن باشد
        </label>

        <FieldGroup title="منبع قیمت">
          <SelectField label="منبع" value={source} onValue={setSource} options={FEED_SOURCES} testid="feed-source" />
          <Field
            label={json ? "نشانی پاسخ" : "نشانی (اختیاری)"}
            value={form.url}
            onValue={set("url")}
            error={errors.url}
            hint={json ? "نشانی کامل پاسخ؛ اگر کلید می‌خواهد، جای آن را مانند نمونهٔ داخل کادر بنویسید" : "خالی بماند، نشانی رسمی منبع به کار می‌رود"}
            placeholder={json ? "https://example.com/gold?key={key}" : defaultUrl}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            className="feed-code code-text"
            data-testid="feed-url"
          />
          {takesKey(source) && (
            <Field
              label="کلید منبع"
              value={form.key}
              onValue={(v) => setForm((f) => ({ ...f, key: v, dropKey: false }))}
              error={errors.key}
              hint={
                <span data-testid="feed-key-state">
                  {keyWords}
                </span>
              }
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              dir="ltr"
              className={keyKept ? "feed-code code-text feed-key has-end" : "feed-code code-text feed-key"}
              end={
                keyKept ? (
                  <Button variant="ghost" className="btn-sm feed-key-drop" onClick={() => setForm((f) => ({ ...f, key: "", dropKey: !f.dropKey }))} aria-pressed={form.dropKey} data-testid="feed-key-drop">
                    {form.dropKey ? "نگه داشتن کلید" : "حذف کلید"}
                  </Button>
                ) : undefined
              }
              data-testid="feed-key"
            />
          )}
          {takesSymbol(source) ? (
            <Field label="نماد طلا در منبع (اختیاری)" value={form.symbol} onValue={set("symbol")} error={errors.symbol} hint="خالی بماند، طلای ۱۸ عیار خوانده می‌شود" placeholder={DEFAULT_SYMBOLS[source]} autoComplete="off" spellCheck={false} dir="ltr" className="feed-code code-text" data-testid="feed-symbol" />
          ) : (
            <>
              <Field label="مسیر قیمت در پاسخ" value={form.path} onValue={set("path")} error={errors.path} hint="نام‌ها با نقطه جدا می‌شوند؛ شمارهٔ خانهٔ فهرست هم می‌شود" placeholder="data.gold.0.price" autoComplete="off" spellCheck={false} dir="ltr" className="feed-code code-text" data-testid="feed-path" />
              <Field label="مسیر زمان قیمت در پاسخ" value={form.timePath} onValue={set("timePath")} error={errors.timePath} hint="زمان یونیکس یا تاریخ و ساعت میلادی" placeholder="data.gold.0.time" autoComplete="off" spellCheck={false} dir="ltr" className="feed-code code-text" data-testid="feed-time-path" />
              <SelectField label="واحد قیمت منبع" value={form.unit} onValue={(v) => set("unit")(v as FeedUnit)} options={FEED_UNITS} testid="feed-unit" />
            </>
          )}
          <SelectField label="قیمت منبع برای" value={form.per} onValue={(v) => set("per")(v as FeedPer)} options={FEED_PERS} testid="feed-per" />
        </FieldGroup>

        <FieldGroup title="سود شما روی قیمت منبع">
          <Figure
            label="درصد سود"
            value={form.marginPercent}
            onValue={(v) => set("marginPercent")(sanitizeFigure(v, 2, true))}
            unit="٪"
            signed
            hint="منفی هم می‌شود؛ ۱ یعنی یک درصد بالاتر از قیمت منبع"
            error={errors.marginPercent}
            testid="feed-margin-percent"
          />
          <Figure
            label="سود ریالی"
            value={form.marginRial}
            onValue={(v) => set("marginRial")(sanitizeFigure(v, 0, true))}
            unit="ریال"
            signed
            hint={form.marginRial && form.marginRial !== "-" ? `${formatRial(form.marginRial)} ریال به هر گرم افزوده می‌شود` : "مثبت یا منفی، برای هر گرم"}
            error={errors.marginRial}
            testid="feed-margin-rial"
          />
          <GroupedField
            label="گرد کردن به"
            digits={form.roundTo}
            onDigits={set("roundTo")}
            format={(d) => faNumber(d)}
            clean={trimLeadingZeros}
            max={9}
            error={errors.roundTo}
            hint="قیمت پایه به نزدیک‌ترین مضرب این مبلغ گرد می‌شود"
            placeholder={faNumber("10000")}
            end={<span className="field-unit">ریال</span>}
            className="amount-field unit-field"
            testid="feed-round-to"
          />
        </FieldGroup>

        <FieldGroup title="زمان‌ها و محافظ‌ها">
          {minutes("every", "دریافت قیمت هر", "هر چند دقیقه قیمت منبع خوانده شود", "feed-every")}
          <Figure label="بیشترین جهش بی‌تأیید" value={form.maxStep} onValue={(v) => set("maxStep")(sanitizeFigure(v, 2))} unit="٪" hint="تغییر بیشتر از این تا تأیید شما نگه داشته می‌شود" error={errors.maxStep} testid="feed-max-step" />
          {minutes("maxAge", "بیشترین عمر قیمت منبع", "قیمتی کهنه‌تر از این اعمال نمی‌شود", "feed-max-age")}
          {minutes("alertAfter", "پیامک هشدار پس از", "اگر منبع این مدت خطا بدهد، پیامک می‌گیرید", "feed-alert-after")}
          {minutes("manualHold", "مکث پس از قیمت دستی", "قیمتی که دستی ثبت کنید این مدت بر قیمت خودکار مقدم است", "feed-manual-hold")}
        </FieldGroup>

        <label className="feed-check">
          <input type="checkbox" checked={form.outsideHours} onChange={(e) => set("outsideHours")((e.currentTarget as HTMLInputElement).checked)} data-testid="feed-outside-hours" />
          بیرون از ساعت معاملات هم اعمال شود
        </label>

        <Button type="submit" busy={busy} className="feed-save" data-testid="feed-save">
          ذخیره تنظیمات قیمت خودکار
        </Button>
      </form>
    </details>
  );
}

/** settingsLine says the saved settings in a line: "برس‌ای‌پی‌آی، سود ۱٪، هر ۵ دقیقه", or that the feed is off. */
function settingsLine(f: PriceFeed): string {
  if (!f.enabled) return "خاموش";
  const margin = f.margin_percent.replace(/\.?0+$/, "") || "0";
  const every = durationMinutes(f.every);
  return `${sourceName(f.source)}، سود ${faNumber(margin.replace(/^-/, ""))}٪${margin.startsWith("-") ? " کمتر" : ""}${every ? `، هر ${faNumber(every)} دقیقه` : ""}`;
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="feed-group">
      <legend className="feed-legend">{title}</legend>
      <div className="feed-fields">{children}</div>
    </fieldset>
  );
}

/** Figure is a number typed in any digits, kept Latin, shown Persian, with its unit at its end. */
function Figure({ label, value, onValue, unit, hint, error, signed, testid }: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  unit: string;
  hint: string;
  error?: string;
  /** signed takes a minus: a phone's decimal keypad has none, so such a field opens the full keyboard */
  signed?: boolean;
  testid: string;
}) {
  return (
    <Field
      label={label}
      value={faTyped(value)}
      onValue={onValue}
      error={error}
      hint={hint}
      inputMode={signed ? "text" : "decimal"}
      autoComplete="off"
      dir="ltr"
      className="unit-field"
      end={<span className="field-unit">{unit}</span>}
      data-testid={testid}
    />
  );
}
