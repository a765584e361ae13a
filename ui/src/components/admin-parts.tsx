// Small parts the admin money screens share: amounts, the receipt thumbnail and a select field.
import { useId, useState } from "preact/hooks";
import { EMPTY, formatGold, formatRial, formatToman } from "../lib/money";
import { isSameOriginPath } from "../lib/wallet";
import { ReceiptIcon } from "./icons";

/** Rial shows a rial amount with its unit and, when asked, the toman beside it. */
export function Rial({ value, toman, testid }: { value: string | null | undefined; toman?: boolean; testid?: string }) {
  return (
    <span class="amount">
      <span class="amount-value" data-testid={testid}>
        {formatRial(value)}
      </span>
      <span class="amount-unit">ریال</span>
      {toman && <span class="amount-toman">{`${formatToman(value)} تومان`}</span>}
    </span>
  );
}

/** Gold shows grams with 3 decimals and the unit. */
export function Gold({ value, testid }: { value: string | null | undefined; testid?: string }) {
  return (
    <span class="amount amount-gold">
      <span class="amount-value" data-testid={testid}>
        {formatGold(value)}
      </span>
      <span class="amount-unit">گرم</span>
    </span>
  );
}

/** ReceiptThumb is a deposit receipt's thumbnail; a click opens the full image in a new tab. */
export function ReceiptThumb({ src, id }: { src: string | null | undefined; id: number }) {
  const [broken, setBroken] = useState(false);
  if (!isSameOriginPath(src)) return <span class="muted">{EMPTY}</span>;
  return (
    <a
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      class="receipt-thumb"
      aria-label={`نمایش تصویر کامل رسید درخواست ${id}`}
      title="نمایش تصویر کامل رسید"
      data-testid={`receipt-${id}`}
    >
      {broken ? (
        <span class="receipt-broken" title="تصویر رسید بارگذاری نشد">
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
    <div class="field">
      <label for={id} class="field-label">
        {label}
      </label>
      <div class="field-control">
        <select
          id={id}
          class="input select"
          value={value}
          onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
          data-testid={testid}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
