// Small parts the admin screens share: amounts, the receipt thumbnail, a select field, and the filter
// panel with its date range and buttons.
import type { ReactNode, FormEvent } from "react";
import { useId, useState } from "react";
import { toFaDigits } from "../lib/digits";
import { todayJalali } from "../lib/jalali";
import { EMPTY, formatGold, formatRial, formatToman } from "../lib/money";
import { isSameOriginPath } from "../lib/wallet";
import { DateField } from "./date-field";
import { ChevronDownIcon, FilterIcon, ReceiptIcon } from "./icons";
import { Button, LoadFailed, Loading } from "./ui";
import { FieldShell } from "./field-shell";

/** Rial shows a rial amount with its unit and, when asked, the toman beside it. */
export function Rial({ value, toman, testid }: { value: string | null | undefined; toman?: boolean; testid?: string }) {
  return (
    <span className="amount">
      <span className="amount-value" data-testid={testid}>
        {formatRial(value)}
      </span>
      <span className="amount-unit">ریال</span>
      {toman && <span className="amount-toman">{`${formatToman(value)} تومان`}</span>}
    </span>
  );
}

/** Gold shows grams with 3 decimals and the unit; signed writes a change with its sign, "+۱/۵۰۰" or "-۲/۰۰۰". */
export function Gold({ value, testid, signed }: { value: string | null | undefined; testid?: string; signed?: boolean }) {
  const text = formatGold(value);
  const plus = signed && /[۱-۹]/.test(text) && !text.startsWith("-");
  return (
    <span className="amount amount-gold">
      <span className="amount-value" data-testid={testid} dir={signed ? "ltr" : undefined}>
        {plus ? `+${text}` : text}
      </span>
      <span className="amount-unit">گرم</span>
    </span>
  );
}

/** ReceiptThumb is a deposit receipt's thumbnail; a click opens the full image in a new tab. */
type FigureProps = {
  label: string;
  /** tone colours the tile's edge: gold for grams, rial for money, warn where the owner should look. */
  tone: "gold" | "rial" | "warn" | "in" | "out";
  /** count adds "N مورد" under the value (the panel's pending requests). */
  count?: number;
  /** testid names the whole tile; valueTestid only its value. */
  testid?: string;
  valueTestid?: string;
  children: ReactNode;
};

/** Figure is one labelled figure of a grid of the owner's figures (the panel, the reserve). */
export function Figure({ label, tone, count, testid, valueTestid, children }: FigureProps) {
  return (
    <div className={`card figure figure-${tone}`} data-testid={testid}>
      <span className="figure-label">{label}</span>
      <span className="figure-value" data-testid={valueTestid}>
        {children}
      </span>
      {count !== undefined && <span className="figure-count">{`${toFaDigits(count)} مورد`}</span>}
    </div>
  );
}

export function ReceiptThumb({ src, id }: { src: string | null | undefined; id: number }) {
  const [broken, setBroken] = useState(false);
  if (!isSameOriginPath(src)) return <span className="muted">{EMPTY}</span>;
  return (
    <a
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      className="receipt-thumb"
      aria-label={`نمایش تصویر کامل رسید درخواست ${id}`}
      title="نمایش تصویر کامل رسید"
      data-testid={`receipt-${id}`}
    >
      {broken ? (
        <span className="receipt-broken" title="تصویر رسید بارگذاری نشد">
          <ReceiptIcon size={22} />
        </span>
      ) : (
        <img src={src} alt="رسید واریز" loading="lazy" decoding="async" onError={() => setBroken(true)} />
      )}
    </a>
  );
}

type SelectProps = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
  testid?: string;
};

/** SelectField is a labelled select in the style of Field. */
export function SelectField({ label, value, onValue, options, testid }: SelectProps) {
  const id = `s${useId()}`;
  return (
    <FieldShell id={id} label={label}>
      <select id={id} className="input select" value={value} onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)} data-testid={testid}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type FilterPanelProps = {
  /** label names the panel for screen readers ("فیلتر درخواست‌ها"). */
  label: string;
  /** id is the form's id, which the toggle controls. */
  id: string;
  formClass?: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
};

/** FilterPanel is a card of filters that a phone opens and closes with its "فیلترها" toggle. */
export function FilterPanel({ label, id, formClass, onSubmit, children }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className={`card filters${open ? " open" : ""}`} aria-label={label}>
      <button type="button" className="filters-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-testid="filters-toggle">
        <FilterIcon size={20} />
        فیلترها
        <span className="filters-chevron">
          <ChevronDownIcon size={20} />
        </span>
      </button>
      <form id={id} className={formClass ? `filters-body ${formClass}` : "filters-body"} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </section>
  );
}

/** FIRST_DAY is the earliest day the date filters offer. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

type DateRangeProps = {
  from: string;
  to: string;
  onValue: (field: "from" | "to") => (v: string) => void;
  errorOf: (field: "from" | "to") => string | null;
};

/** DateRangeFields are the "از تاریخ" and "تا تاریخ" filters, from FIRST_DAY up to today. */
export function DateRangeFields({ from, to, onValue, errorOf }: DateRangeProps) {
  const today = todayJalali();
  const dateProps = { min: FIRST_DAY, max: today, initial: today, placeholder: "۱۴۰۴/۰۱/۰۱", hint: "", autoComplete: "off" };
  return (
    <>
      <DateField label="از تاریخ" value={from} onValue={onValue("from")} {...dateProps} error={errorOf("from")} testid="filter-from" />
      <DateField label="تا تاریخ" value={to} onValue={onValue("to")} {...dateProps} error={errorOf("to")} testid="filter-to" />
    </>
  );
}

/** FilterActions are a filter form's apply and clear buttons; apply spins while a reload runs. */
export function FilterActions({ busy, onClear, clearLabel = "پاک کردن" }: { busy: boolean; onClear: () => void; clearLabel?: string }) {
  return (
    <div className="filters-actions">
      <Button type="submit" busy={busy} data-testid="filter-apply">
        اعمال فیلتر
      </Button>
      <Button variant="secondary" onClick={onClear} data-testid="filter-clear">
        {clearLabel}
      </Button>
    </div>
  );
}

/** ListPending stands in for a list before its first rows: a spinner, or a retry card once loading failed. */
export function ListPending({ failed, icon, title, onRetry }: { failed: boolean; icon: ReactNode; title: string; onRetry: () => void }) {
  return failed ? <LoadFailed icon={icon} title={title} onRetry={onRetry} /> : <Loading />;
}
