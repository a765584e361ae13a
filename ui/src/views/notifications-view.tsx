// The customer's notifications (issue 18): newest first, a page at a time, each linking to the screen it is about.
import { Link } from "wouter";
import { type Notification } from "../api";
import { BellIcon, InfoIcon } from "../components/ui/icons";
import { Button, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { useNotifications } from "../hooks/use-notifications";
import { useScrollMore } from "../hooks/use-scroll-more";
import { formatJalaliDateTime } from "../lib/jalali";
import "../styles/notifications.css";

export default function NotificationsView() {
  const { list, hasMore, loading, failed, more, reload, markAll, allBusy } = useNotifications();
  const end = useScrollMore<HTMLDivElement>(hasMore, loading, more);
  return (
    <div className="notifications">
      <PageHeader title="اعلان‌ها">
        {list && list.length > 0 && (
          <Button variant="secondary" className="btn-sm" busy={allBusy} onClick={() => void markAll()} data-testid="notifications-read-all">
            همه خوانده شد
          </Button>
        )}
      </PageHeader>
      {list === null ? (
        failed ? (
          <LoadFailed icon={<InfoIcon size={40} />} title={failed} onRetry={() => void reload()} />
        ) : (
          <Loading text="در حال دریافت اعلان‌ها…" />
        )
      ) : list.length === 0 ? (
        <StatusCard icon={<BellIcon size={40} />} title="اعلانی ندارید" text="تایید واریز، برداشت، آبشده و پیام‌های پشتیبانی اینجا می‌آید." testid="notifications-empty" />
      ) : (
        <>
          <ul className="notice-list" data-testid="notifications-list">
            {list.map((n) => <NoticeItem key={n.id} n={n} />)}
          </ul>
          <div ref={end} className="list-more">
            {hasMore && (
              <Button variant="secondary" busy={loading} onClick={() => void more()} data-testid="notifications-more">
                اعلان‌های قدیمی‌تر
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** NoticeItem is one entry; an unread one carries a dot and a stronger edge (and says so to a screen reader). */
function NoticeItem({ n }: { n: Notification }) {
  return (
    <li>
      <Link href={n.link || "/notifications_page"} className={`card notice${n.read ? "" : " unread"}`} data-testid="notification">
        <span className="notice-head">
          <strong className="notice-title">{n.title}</strong>
          {!n.read && <span className="notice-dot" aria-label="خوانده‌نشده" role="img" />}
        </span>
        <span className="notice-text">{n.text}</span>
        <time className="notice-time" dateTime={n.created_at}>{formatJalaliDateTime(n.created_at)}</time>
      </Link>
    </li>
  );
}
