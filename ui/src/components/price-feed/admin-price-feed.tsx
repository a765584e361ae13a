// «قیمت خودکار» on the owner's prices screen (issue 40): the feed's settings and, under them, its status, asked
// every 20 s while the screen is open. With the feed off (a new shop) nothing changes and no other host is
// called; the owner's typed price always wins, and pauses the feed. The screen loads it on its own, under an
// admin-* name: the service worker keeps every customer's files for offline use, and not the admin's
// (vite.config.ts), so no customer's phone downloads the owner's feed.
import { useEffect } from "react";
import type { PriceFeed } from "../../api-types";
import { feedApi } from "../../api-price-feed";
import { useFeedStatus } from "../../hooks/use-feed-status";
import { useLoad } from "../../hooks/use-load";
import { FEED_MESSAGES as M } from "../../lib/price-feed";
import { ListPending } from "../ui/list-pending";
import { ChartIcon } from "../ui/icons";
import { FeedSettingsForm } from "./price-feed-form";
import { FeedStatusPanel } from "./price-feed-status";
import "../../styles/price-feed.css";

type Props = {
  /** priceAt is when the base price the screen shows was set: a price typed on it pauses the feed, said at once. */
  priceAt: string | null;
  /** onNewPrice runs when the base price changed under the screen (by the feed, or the owner's word on it). */
  onNewPrice: () => void;
};

/** PriceFeedSection is the section. */
export default function PriceFeedSection({ priceAt, onNewPrice }: Props) {
  const { data: feed, setData: setFeed, failed, reload } = useLoad(() => feedApi.settings(), M.loadFailed);
  const { status, failed: statusFailed, refresh, soon } = useFeedStatus(onNewPrice);
  useEffect(() => {
    if (status) void refresh();
  }, [priceAt]);

  const saved = (f: PriceFeed) => {
    setFeed(f);
    // a save ends a pause, a held value and a failure, and wakes the job: watch for its fetch
    void refresh();
    soon();
  };
  const changed = (watch: boolean) => {
    void refresh();
    if (watch) soon();
  };

  return (
    <section className="card feed-card" aria-labelledby="feed-title" data-testid="price-feed">
      <h2 id="feed-title" className="section-title">
        قیمت خودکار
      </h2>
      <p className="feed-intro">
        قیمت پایه را از یک منبع بازار بخوانید و سود خود را روی آن بگذارید. جهش‌های بزرگ تا تأیید شما نگه داشته می‌شوند و قیمتی که
        دستی ثبت کنید همیشه مقدم است.
      </p>
      {feed ? <FeedSettingsForm key={JSON.stringify(feed)} saved={feed} onSaved={saved} /> : <ListPending failed={failed} icon={<ChartIcon size={32} />} title={M.loadFailed} onRetry={reload} />}
      {statusFailed && <p className="feed-banner is-bad">{M.statusFailed}</p>}
      {status && <FeedStatusPanel status={status} onChanged={changed} />}
    </section>
  );
}
