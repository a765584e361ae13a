// A chat image fitted to the screen over everything; Escape, the close button or a tap closes it.
import { useEffect, useRef } from "react";
import { CloseIcon } from "../ui/icons";

/** ChatImageViewer shows src large until onClose. */
export function ChatImageViewer({ src, onClose }: { src: string; onClose: () => void }) {
  const closeBtn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeBtn.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus?.();
    };
  }, []);
  return (
    <div className="chat-viewer" role="dialog" aria-modal="true" aria-label="نمایش تصویر" onClick={onClose} data-testid="chat-image-viewer">
      <button type="button" ref={closeBtn} className="icon-btn chat-viewer-close" onClick={onClose} aria-label="بستن تصویر">
        <CloseIcon />
      </button>
      <img src={src} alt="تصویر پیام در اندازه بزرگ" />
    </div>
  );
}
