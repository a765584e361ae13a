// The shop's logo: the one its owner uploaded, else the built-in mark (a gold ingot in front of a coin, in the
// theme's gold tones). Both take the same square, so the uploaded logo arriving moves nothing.
import { useId, useState } from "react";
import { useShop } from "../../hooks/use-shop";
import { logoAt } from "../../lib/shop";

/** ShopLogo is the owner's logo at size CSS pixels, or LogoMark until there is one (or while it fails to load). */
export function ShopLogo({ size }: { size: number }) {
  const { logo_url } = useShop();
  const [failed, setFailed] = useState("");
  const src = logoAt(logo_url, size);
  if (!src || failed === src) return <LogoMark size={size} />;
  return <img className="shop-logo" src={src} width={size} height={size} alt="" decoding="async" onError={() => setFailed(src)} />;
}

/** LogoMark draws the mark at the given size. */
export function LogoMark({ size = 36 }: { size?: number }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const coin = `coin-${id}`;
  const bar = `bar-${id}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={coin} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f8e39a" />
          <stop offset="0.55" stopColor="#d9a62e" />
          <stop offset="1" stopColor="#a8761a" />
        </linearGradient>
        <linearGradient id={bar} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe9a8" />
          <stop offset="0.5" stopColor="#e2b23f" />
          <stop offset="1" stopColor="#b3801c" />
        </linearGradient>
      </defs>
      <circle cx="28" cy="18" r="14" fill={`url(#${coin})`} stroke="#8a5f12" strokeWidth="1.5" />
      <circle cx="28" cy="18" r="9.5" fill="none" stroke="#fff3c4" strokeOpacity="0.75" strokeWidth="1.4" />
      <path d="M8 42l5-14h22l5 14z" fill={`url(#${bar})`} stroke="#8a5f12" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M14.5 30h19" stroke="#fff6d0" strokeOpacity="0.8" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}
