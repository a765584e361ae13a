// The one mark for figures shown from the phone's memory while the shop cannot be reached. Its words come
// from the caller: notCurrentShort (lib/last-known) on first-load screens, notCurrentText elsewhere.
import "../../styles/offline.css";

/** NotCurrent says the figures beside it are not current and when they arrived. */
export function NotCurrent({ text }: { text: string }) {
  return (
    <span className="not-current" data-testid="not-current">
      {text}
    </span>
  );
}
