// The reserve at a glance on the admin panel (owner only, issue 17): the cover ratio, the room a buy still has
// and the level's banner, with the way to the full panel. A failed load shows nothing: the panel has its own
// figures, and the reserve screen says what went wrong.
import { api } from "../../api";
import { useLoad } from "../../hooks/use-load";
import { formatGold } from "../../lib/money";
import { ratioText } from "../../lib/reserve-panel";
import { ReserveNotice } from "./reserve-notice";
import { LinkButton } from "../ui";
import "../../styles/reserve-panel.css";

/** ReserveCard is the admin panel's summary of /admin-reserve_page. */
export function ReserveCard() {
  const { data: panel } = useLoad(() => api.reservePanel(), "", { onError: () => true });
  if (!panel) return null;
  return (
    <section className="card reserve-card" aria-labelledby="reserve-card-title" data-testid="reserve-card" data-level={panel.level}>
      <h2 id="reserve-card-title" className="section-title">
        پشتوانه طلا
      </h2>
      <ReserveNotice level={panel.level} guardEnabled={panel.guard_enabled} heading="h3" />
      <dl className="reserve-card-figures">
        <div>
          <dt>نسبت پوشش</dt>
          <dd data-testid="reserve-card-ratio">{ratioText(panel.ratio)}</dd>
        </div>
        <div>
          <dt>جای خرید تا حاشیه</dt>
          <dd data-testid="reserve-card-room">{`${formatGold(panel.room)} گرم`}</dd>
        </div>
      </dl>
      <LinkButton href="/admin-reserve_page" variant="secondary" data-testid="reserve-card-link">
        جزئیات پشتوانه
      </LinkButton>
    </section>
  );
}
