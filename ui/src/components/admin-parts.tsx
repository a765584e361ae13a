// Small parts the admin money screens share: amounts, the receipt thumbnail, a select
// field, and three icons (TODO: move them to icons.tsx when the branches merge).
import type { JSX } from "preact";
import { useId, useState } from "preact/hooks";
import { formatGold, formatRial, formatToman } from "../lib/money";
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

/** sameOriginPath keeps a server-relative path ("/uploads/…") and refuses anything pointing elsewhere. */
export function sameOriginPath(path: string | null | undefined): string | null {
  return path && /^\/(?!\/)/.test(path) && !path.includes("\\") ? path : null;
}

/** ReceiptThumb is a deposit receipt's thumbnail; a click opens the full image in a new tab. */
export function ReceiptThumb({ src, id }: { src: string | null | undefined; id: number }) {
  const [broken, setBroken] = useState(false);
  const path = sameOriginPath(src);
  if (!path) return <span class="muted">-</span>;
  return (
    <a
      href={path}
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
        <img src={path} alt="رسید واریز" loading="lazy" decoding="async" onError={() => setBroken(true)} />
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

type IconProps = { size?: number };

function Svg({ size = 24, children }: IconProps & { children: JSX.Element | JSX.Element[] }) {
  return (
    <svg class="icon" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** FilterIcon is a funnel. */
export const FilterIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 5h16l-6 7.5V19l-4 1.5v-8z" />
  </Svg>
);

/** SearchIcon is a magnifier. */
export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Svg>
);

/** ChevronDownIcon points down; the filters button turns it over when open. */
export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);
