// Amounts as the admin screens show them, with their units, and the owner's figure tiles.
import type { ReactNode } from "react";
import { toFaDigits } from "../../lib/digits";
import { formatGold, formatRial, formatToman } from "../../lib/money";

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
