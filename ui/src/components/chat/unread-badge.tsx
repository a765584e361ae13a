import { badgeText } from "../../lib/badge";

/** UnreadBadge is the red count on the support link; hidden at zero, 99+ above 99. */
export function UnreadBadge({ count }: { count: number }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="badge" data-testid="unread-badge" aria-label={`${text} پیام خوانده‌نشده`}>
      {text}
    </span>
  );
}
