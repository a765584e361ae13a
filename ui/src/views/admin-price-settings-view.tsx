// Trade-time and weight settings (admin.md §2, §5; decisions.md §4): when buying and selling are open, how
// much gold one trade may move, how long a base price stays fresh, and which first trades earn an inviter the
// referral reward, how many times a month. The whole object is saved at once.
import { faNumber, formatGold } from "../lib/money";
import type { ReactNode, FormEvent } from "react";
import { useState } from "react";
import { errorText, type PriceSettings } from "../api";
import { GroupedField } from "../components/ui/grouped-field";
import { ClockIcon, InfoIcon, SettingsIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { Button, Field, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { displayAmount, sanitizeAmount } from "../lib/charge";
import { toFaDigits } from "../lib/digits";
import { trimLeadingZeros } from "../lib/grouped-input";
import {
  applyMaxWeight,
  applyMinWeight,
  applyWeights,
  canonicalWeight,
  checkMaxAge,
  checkReferralCap,
  checkReferralMin,
  crossesMidnight,
  FALLBACK_MAX_WEIGHT,
  FALLBACK_MIN_WEIGHT,
  maxAgeText,
  parseTime,
  PRICE_RULE_MESSAGES,
  referralMinText,
  weightInput,
  weightNoteText,
  wholeRial,
  windowText,
  type WeightNote,
  type Weights,
} from "../lib/price-settings";
import { REFERRAL_REWARD_TEXT } from "../lib/referral";
import "../styles/admin.css";
import "../styles/admin-trading.css";
import { adminApi } from "../api-admin";

const TEXTS = {
  loadFailed: "خطا در دریافت تنظیمات",
  saved: "تنظیمات با موفقیت ذخیره شد",
  saveFailed: "خطا در ذخیره‌سازی",
  fixErrors: "لطفاً خطاهای فرم را برطرف کنید",
} as const;

type Side = "buy" | "sell";
type TimeKey = "buy_start_time" | "buy_end_time" | "sell_start_time" | "sell_end_time";
const TIME_KEYS: TimeKey[] = ["buy_start_time", "buy_end_time", "sell_start_time", "sell_end_time"];
/** CountKey names the whole numbers of the form: the price age, the referral reward's least trade and cap. */
type CountKey = "maxAge" | "referralMin" | "referralCap";

/** Form is what the screen edits: the times as typed, the weights as typed drafts, the whole numbers as digits. */
type Form = {
  buy_enabled: boolean;
  sell_enabled: boolean;
  times: Record<TimeKey, string>;
  minDraft: string;
  maxDraft: string;
} & Record<CountKey, string>;

function weightsOf(s: PriceSettings): Weights {
  return { min: canonicalWeight(s.min_weight, FALLBACK_MIN_WEIGHT), max: canonicalWeight(s.max_weight, FALLBACK_MAX_WEIGHT) };
}

function formOf(s: PriceSettings): Form {
  const w = weightsOf(s);
  return {
    buy_enabled: !!s.buy_enabled,
    sell_enabled: !!s.sell_enabled,
    times: { buy_start_time: s.buy_start_time, buy_end_time: s.buy_end_time, sell_start_time: s.sell_start_time, sell_end_time: s.sell_end_time },
    minDraft: weightInput(w.min),
    maxDraft: weightInput(w.max),
    maxAge: String(s.price_max_age_minutes ?? ""),
    referralMin: wholeRial(s.referral_min_trade_rial) ?? "",
    referralCap: String(s.referral_monthly_cap ?? ""),
  };
}

/** AdminPriceSettingsView is /AdminPriceSettings_page. */
export default function AdminPriceSettingsView() {
  const [form, setForm] = useState<Form | null>(null);
  const [weights, setWeights] = useState<Weights>({ min: FALLBACK_MIN_WEIGHT, max: FALLBACK_MAX_WEIGHT });
  const [notes, setNotes] = useState<{ min: WeightNote | null; max: WeightNote | null }>({ min: null, max: null });
  const [errors, setErrors] = useState<Partial<Record<TimeKey | CountKey, string>>>({});
  const [saving, setSaving] = useState(false);

  const show = (s: PriceSettings) => {
    setForm(formOf(s));
    setWeights(weightsOf(s));
  };

  const { failed, reload: load } = useLoad(() => adminApi.priceSettings(), TEXTS.loadFailed, { onData: show });

  if (!form) {
    return (
      <div className="admin-page stack">
        <PageHeader title="تنظیمات ساعت و وزن معاملات" />
        {failed ? <LoadFailed icon={<SettingsIcon size={40} />} title={TEXTS.loadFailed} onRetry={load} /> : <Loading />}
      </div>
    );
  }

  const patch = (p: Partial<Form>) => setForm((f) => (f ? { ...f, ...p } : f));
  const clearError = (key: TimeKey | CountKey) => setErrors(({ [key]: _, ...rest }) => rest);

  const setTime = (key: TimeKey) => (v: string) => {
    patch({ times: { ...form.times, [key]: v.slice(0, 5) } });
    clearError(key);
  };
  const tidyTime = (key: TimeKey) => {
    const t = parseTime(form.times[key]);
    if (t) patch({ times: { ...form.times, [key]: t } });
    else setErrors((e) => ({ ...e, [key]: PRICE_RULE_MESSAGES.badTime }));
  };
  const setCount = (key: CountKey) => (digits: string) => {
    patch({ [key]: digits });
    clearError(key);
  };

  // The weight rules apply when a field is left (admin.md §5), not at every keystroke: typing 10
  // over a minimum of 5 passes through 1, which the rule would throw away.
  const commitMin = () => {
    const r = applyMinWeight(form.minDraft, weights);
    setWeights((w) => ({ ...w, min: r.value }));
    patch({ minDraft: weightInput(r.value) });
    setNotes((n) => ({ ...n, min: r.note }));
  };
  const commitMax = () => {
    const r = applyMaxWeight(form.maxDraft, weights);
    setWeights((w) => ({ ...w, max: r.value }));
    patch({ maxDraft: weightInput(r.value) });
    setNotes((n) => ({ ...n, max: r.note }));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const times = {} as Record<TimeKey, string>;
    const errs: typeof errors = {};
    for (const key of TIME_KEYS) {
      const t = parseTime(form.times[key]);
      if (t) times[key] = t;
      else errs[key] = PRICE_RULE_MESSAGES.badTime;
    }
    const age = checkMaxAge(form.maxAge);
    if (!age.ok) errs.maxAge = age.message;
    const referralMin = checkReferralMin(form.referralMin);
    if (!referralMin.ok) errs.referralMin = referralMin.message;
    const referralCap = checkReferralCap(form.referralCap);
    if (!referralCap.ok) errs.referralCap = referralCap.message;
    // Enter saves without leaving the field: the weights typed so far go through the rules here too
    const w = applyWeights(form.minDraft, form.maxDraft, weights);
    setWeights({ min: w.min.value, max: w.max.value });
    // a draft already left (and so already ruled on) keeps the note it got then
    setNotes({
      min: form.minDraft === weightInput(weights.min) ? notes.min : w.min.note,
      max: form.maxDraft === weightInput(weights.max) ? notes.max : w.max.note,
    });
    patch({ times: { ...form.times, ...times }, minDraft: weightInput(w.min.value), maxDraft: weightInput(w.max.value) });
    setErrors(errs);
    if (!age.ok || !referralMin.ok || !referralCap.ok || Object.keys(errs).length > 0) {
      toast(TEXTS.fixErrors, "error");
      return;
    }
    const body: PriceSettings = {
      buy_enabled: form.buy_enabled,
      sell_enabled: form.sell_enabled,
      ...times,
      min_weight: w.min.value,
      max_weight: w.max.value,
      price_max_age_minutes: age.value,
      referral_min_trade_rial: referralMin.value,
      referral_monthly_cap: referralCap.value,
    };
    setSaving(true);
    try {
      const answer = await adminApi.savePriceSettings(body);
      toast(answer?.message || TEXTS.saved, "success");
      if (answer?.settings) show(answer.settings);
    } catch (err) {
      toast(errorText(err, TEXTS.saveFailed), "error");
    } finally {
      setSaving(false);
    }
  };

  const side = (s: Side, title: string) => {
    const enabled = s === "buy" ? form.buy_enabled : form.sell_enabled;
    const startKey: TimeKey = `${s}_start_time`;
    const endKey: TimeKey = `${s}_end_time`;
    const start = parseTime(form.times[startKey]);
    const end = parseTime(form.times[endKey]);
    const crosses = !!start && !!end && crossesMidnight(start, end);
    return (
      <section className={`card section-card${enabled ? "" : " side-off"}`} aria-label={title} data-testid={`${s}-side`}>
        <div className="side-head">
          <h2 className="section-title">{title}</h2>
          <label className="check">
            <input
              type="checkbox"
              checked={enabled}
              onChange={(e) => {
                const on = (e.currentTarget as HTMLInputElement).checked;
                patch(s === "buy" ? { buy_enabled: on } : { sell_enabled: on });
              }}
              data-testid={`${s}-enabled`}
            />
            فعال
            <span className="visually-hidden">{` بودن ${title}`}</span>
          </label>
        </div>
        <div className="form-row">
          <TimeField label="ساعت شروع" value={form.times[startKey]} onValue={setTime(startKey)} onBlur={() => tidyTime(startKey)} error={errors[startKey]} testid={`${s}-start`} />
          <TimeField label="ساعت پایان" value={form.times[endKey]} onValue={setTime(endKey)} onBlur={() => tidyTime(endKey)} error={errors[endKey]} testid={`${s}-end`} />
        </div>
        <Note crosses={crosses} testid={`${s}-window`}>
          {!enabled ? `${title} غیرفعال است و مشتری نمی‌تواند ${s === "buy" ? "بخرد" : "بفروشد"}.` : start && end ? windowText(start, end) : "ساعت‌ها را کامل کنید."}
        </Note>
      </section>
    );
  };

  const minNote = weightNoteText("min", notes.min);
  const maxNote = weightNoteText("max", notes.max);
  const age = checkMaxAge(form.maxAge);

  return (
    <form className="admin-page settings-page stack" onSubmit={save} noValidate>
      <PageHeader title="تنظیمات ساعت و وزن معاملات" />
      <p className="section-note">
        ساعت‌ها به وقت تهران‌اند و شروع و پایان هر دو جزو بازه‌اند. اگر ساعت شروع دیرتر از ساعت پایان باشد، بازه از نیمه‌شب می‌گذرد (مثلاً ۲۲:۰۰ تا ۰۲:۰۰ بامداد).
      </p>

      <div className="settings-sides">
        {side("buy", "خرید طلا")}
        {side("sell", "فروش طلا")}
      </div>

      <section className="card section-card" aria-label="وزن هر معامله">
        <h2 className="section-title">وزن هر معامله</h2>
        <div className="form-row">
          <WeightField
            label="حداقل وزن"
            value={form.minDraft}
            onValue={(v) => patch({ minDraft: v })}
            onBlur={commitMin}
            note={minNote}
            hint={`کمترین مقدار ${formatGold("0.001")} گرم (یک سوت)`}
            testid="min-weight"
          />
          <WeightField
            label="حداکثر وزن"
            value={form.maxDraft}
            onValue={(v) => patch({ maxDraft: v })}
            onBlur={commitMax}
            note={maxNote}
            hint="نباید کمتر از حداقل باشد"
            testid="max-weight"
          />
        </div>
      </section>

      <section className="card section-card" aria-label="اعتبار قیمت">
        <h2 className="section-title">اعتبار قیمت</h2>
        <CountField
          label="مدت اعتبار قیمت پایه"
          digits={form.maxAge}
          onDigits={setCount("maxAge")}
          max={5}
          unit="دقیقه"
          error={errors.maxAge}
          hint={`${age.ok ? `${maxAgeText(age.value)}. ` : ""}اگر قیمت پایه در این مدت به‌روز نشود، خرید و فروش تا قیمت تازه متوقف می‌شود.`}
          testid="max-age"
        />
      </section>

      <section className="card section-card" aria-label="پاداش دعوت دوستان">
        <h2 className="section-title">پاداش دعوت دوستان</h2>
        <p className="section-note">
          {`معرف برای اولین خرید یا فروش هر دوستی که دعوت کرده ${REFERRAL_REWARD_TEXT} پاداش می‌گیرد، اگر آن معامله دست‌کم به مبلغ زیر باشد.`}
        </p>
        <CountField
          label="کمترین مبلغ اولین معامله"
          digits={form.referralMin}
          onDigits={setCount("referralMin")}
          max={16}
          unit="ریال"
          error={errors.referralMin}
          hint={referralMinText(form.referralMin)}
          testid="referral-min"
        />
        <CountField
          label="سقف پاداش هر معرف در ماه"
          digits={form.referralCap}
          onDigits={setCount("referralCap")}
          max={6}
          unit="پاداش"
          error={errors.referralCap}
          hint="۰ یعنی پاداشی پرداخت نمی‌شود. شمارش هر ماه شمسی از نو شروع می‌شود."
          testid="referral-cap"
        />
      </section>

      <Button type="submit" busy={saving} className="settings-save" data-testid="settings-save">
        ذخیره تنظیمات
      </Button>
    </form>
  );
}

function Note({ crosses, testid, children }: { crosses: boolean; testid: string; children: ReactNode }) {
  return (
    <p className={`window-note${crosses ? " crosses" : ""}`} data-testid={testid}>
      {crosses ? <ClockIcon size={18} /> : <InfoIcon size={18} />}
      <span>{children}</span>
    </p>
  );
}

type TimeProps = { label: string; value: string; onValue: (v: string) => void; onBlur: () => void; error?: string; testid: string };

function TimeField({ label, value, onValue, onBlur, error, testid }: TimeProps) {
  return (
    <Field
      label={label}
      value={toFaDigits(value)}
      onValue={onValue}
      onBlur={onBlur}
      error={error}
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      placeholder="۰۰:۰۰"
      maxLength={5}
      className="time-field"
      data-testid={testid}
    />
  );
}

type WeightProps = { label: string; value: string; onValue: (v: string) => void; onBlur: () => void; note: string | null; hint: string; testid: string };

function WeightField({ label, value, onValue, onBlur, note, hint, testid }: WeightProps) {
  return (
    <div className="field-with-note">
      <Field
        label={label}
        value={displayAmount(value, "gold")}
        onValue={(v) => onValue(sanitizeAmount(v, "gold"))}
        onBlur={onBlur}
        hint={note ? undefined : hint}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        placeholder={formatGold("0.001")}
        className="unit-field"
        end={<span className="field-unit">گرم</span>}
        data-testid={testid}
      />
      {note && (
        <p className="field-note" role="status" data-testid={`${testid}-note`}>
          {note}
        </p>
      )}
    </div>
  );
}

type CountProps = { label: string; digits: string; onDigits: (digits: string) => void; max: number; unit: string; error?: string; hint: string; testid: string };

/** CountField is a whole number with its unit inside the input, grouped by thousands while it is typed. */
function CountField({ label, digits, onDigits, max, unit, error, hint, testid }: CountProps) {
  return (
    <GroupedField
      label={label}
      digits={digits}
      onDigits={onDigits}
      format={faNumber}
      clean={trimLeadingZeros}
      max={max}
      error={error}
      hint={hint}
      placeholder="۰"
      className="unit-field"
      end={<span className="field-unit">{unit}</span>}
      testid={testid}
    />
  );
}
