// A deposit receipt in a list: its thumbnail, or a mark where the image cannot be shown.
import { useState } from "react";
import { EMPTY } from "../../lib/money";
import { isSameOriginPath } from "../../lib/wallet";
import { ReceiptIcon } from "../ui/icons";

/** ReceiptThumb is a deposit receipt's thumbnail; a click opens the full image in a new tab. */
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
