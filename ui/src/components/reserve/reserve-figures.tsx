// The reserve's figures (issue 17) as tiles of the admin panel's figure grid: what the shop owes its customers
// in gold, what the vault holds, what is promised to deliveries, the reserve left, the room a buy still has,
// the cover ratio and the margin.
import type { ReservePanel } from "../../api";
import { marginText, ratioText } from "../../lib/reserve-panel";
import { Figure, Gold } from "../ui/amounts";
import "../../styles/admin.css";

/** ReserveFigures are the panel's figures; the room turns to a warning once the level is not ok. */
export function ReserveFigures({ panel }: { panel: ReservePanel }) {
  return (
    <div className="figures reserve-figures" data-testid="reserve-figures" data-level={panel.level}>
      <Figure label="بدهی طلایی به مشتریان" tone="gold">
        <Gold value={panel.owed} testid="reserve-owed" />
      </Figure>
      <Figure label="طلای خزانه (وزن ۷۵۰)" tone="gold">
        <Gold value={panel.held} testid="reserve-held" />
      </Figure>
      <Figure label="در انتظار تحویل" tone="gold">
        <Gold value={panel.promised} testid="reserve-promised" />
      </Figure>
      <Figure label="پشتوانه (خزانه منهای تحویلی‌ها)" tone="gold">
        <Gold value={panel.reserve} testid="reserve-reserve" />
      </Figure>
      <Figure label="جای خرید تا حاشیه" tone={panel.level === "ok" ? "in" : "warn"}>
        <Gold value={panel.room} testid="reserve-room" />
      </Figure>
      <Figure label="نسبت پوشش" tone={panel.level === "ok" ? "in" : "warn"} valueTestid="reserve-ratio">
        {ratioText(panel.ratio)}
      </Figure>
      <Figure label="حاشیه اطمینان" tone="rial" valueTestid="reserve-margin">
        {marginText(panel.margin_percent)}
      </Figure>
    </div>
  );
}
