// A bank's logo. A bank the iranianbanklogos package (ISC) has a logo of gets that logo on a white rounded
// tile: one cell of the package's sprite, 64 px a cell on a 1x screen and 128 px on a sharper one (srcset),
// so a phone downloads one image for every bank and caches it. The sprite is bundled by Vite and served from
// the shop. The others get their short name in white Vazirmatn on a rounded square of their colour; an
// unknown bank a neutral square with a bank building. The size is the stylesheet's (bank-logos.css): a style
// attribute would break the strict CSP.
import sprite1x from "iranianbanklogos/dist/ibls64.png";
import sprite2x from "iranianbanklogos/dist/ibls128.png";
import { bankBrand, logoCell } from "../../lib/banks";
import "../../styles/bank-logos.css";
import "../../styles/bank-account.css";

type Props = {
  /** name is the bank's Persian name as the server gives it. */
  name: string | null | undefined;
};

// Font size in the 48-unit box by the longest line's length: short names large, long ones small.
function fontSize(chars: number): number {
  if (chars <= 2) return 19;
  if (chars <= 3) return 17;
  if (chars <= 4) return 15;
  if (chars <= 5) return 13;
  if (chars <= 6) return 11.5;
  if (chars <= 7) return 10;
  return 8.5;
}

/** monogramLines splits a long short name at its zero-width non-joiner into two lines ("ایران‌زمین"). */
export function monogramLines(short: string): string[] {
  const parts = short.split("\u200c").filter(Boolean);
  return short.length > 6 && parts.length === 2 ? parts : [short];
}

/** BankLogo is a bank's logo, or its monogram, named by the bank's Persian name for screen readers. */
export function BankLogo({ name }: Props) {
  const brand = bankBrand(name);
  const label = brand.name || name?.trim() || "";
  if (brand.logo) {
    const { col, row } = logoCell(brand.logo);
    return (
      <span className="bank-logo bank-logo-tile">
        <span className="bank-logo-cell">
          <img
            src={sprite1x}
            srcSet={`${sprite1x} 1x, ${sprite2x} 2x`}
            alt={label}
            data-col={col}
            data-row={row}
            decoding="async"
            draggable={false}
          />
        </span>
      </span>
    );
  }
  const a11y = label ? { role: "img" as const, "aria-label": label } : { "aria-hidden": true as const };
  if (!brand.short) {
    return (
      <svg className="bank-logo" viewBox="0 0 48 48" focusable="false" {...a11y}>
        <rect width="48" height="48" rx="12" fill={brand.color} />
        <path d="M12 19.5 24 12l12 7.5M14 21.5h20M16 23.5v9M21.3 23.5v9M26.7 23.5v9M32 23.5v9M13 35.5h22" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  const lines = monogramLines(brand.short);
  const fs = fontSize(Math.max(...lines.map((l) => l.length)));
  // baselines: one line sits a little below the middle; two lines share the box
  const ys = lines.length === 1 ? [24 + fs * 0.36] : [21, 21 + fs * 1.25];
  return (
    <svg className="bank-logo" viewBox="0 0 48 48" focusable="false" {...a11y}>
      <rect width="48" height="48" rx="12" fill={brand.color} />
      <rect x="1" y="1" width="46" height="46" rx="11" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="2" />
      {lines.map((line, i) => (
        <text
          key={line}
          x="24"
          y={ys[i]}
          fill="#fff"
          fontFamily="Vazirmatn, Tahoma, sans-serif"
          fontWeight="700"
          fontSize={fs}
          textAnchor="middle"
          direction="rtl"
        >
          {line}
        </text>
      ))}
    </svg>
  );
}
