// The shell's word that the shop cannot be reached, and the short note under each money button it stops.
// Money actions are disabled, never queued: a deposit or a trade sent later, at a price no one saw, is worse
// than one not sent.
import { useOffline } from "../../hooks/use-offline";
import { AlertIcon } from "../ui/icons";
import "../../styles/offline.css";

/** OFFLINE_TITLE and OFFLINE_TEXT are the banner's words. */
export const OFFLINE_TITLE = "اتصال به فروشگاه برقرار نیست";
export const OFFLINE_TEXT = "ارقام، آخرین مقادیر دریافت‌شده‌اند و ممکن است به‌روز نباشند. خرید، فروش، واریز و برداشت تا برگشتن اتصال ممکن نیست.";
/** OFFLINE_NOTE stands under a money button disabled for want of a connection. */
export const OFFLINE_NOTE = "بدون اتصال به فروشگاه ممکن نیست";

/** OfflineBanner shows, only while offline, that the shop cannot be reached and what that means. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <AlertIcon size={22} />
      <div>
        <p className="offline-title">{OFFLINE_TITLE}</p>
        <p className="offline-text">{OFFLINE_TEXT}</p>
      </div>
    </div>
  );
}

/** OfflineNote is the note under a money button; it renders only while offline. */
export function OfflineNote() {
  const offline = useOffline();
  return offline ? <p className="offline-note">{OFFLINE_NOTE}</p> : null;
}
