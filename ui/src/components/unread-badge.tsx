import { toFaDigits } from "../lib/digits";

/** badgeText caps an unread count at 99+; zero or less gives an empty string. */
export function badgeText(count: number): string {
  if (!(count > 0)) return "";
  return count > 99 ? "۹۹+" : toFaDigits(Math.floor(count));
}

/** UnreadBadge is the red count on the support link; hidden at zero. */
export function UnreadBadge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span class="badge" data-testid="unread-badge" aria-label={`${text} پیام خوانده‌نشده`}>
      {text}
    </span>
  );
}
