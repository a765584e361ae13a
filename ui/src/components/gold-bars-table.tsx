// A list of abshodeh bars: a table on a desktop, a card per bar under 768 px (gold.css). The selectable
// bars carry a select button; the bars above the balance carry what the customer lacks instead.
import type { Bar } from "../api";
import { faText, formatPurity, shortfallOf } from "../lib/gold-request";
import { formatGold } from "../lib/money";
import { Button } from "./ui";
import "../styles/card-tables.css";

type Props = {
  bars: readonly Bar[];
  /** kind "close" lists bars the customer can choose; "higher" those above the available gold. */
  kind: "close" | "higher";
  caption: string;
  /** availableGold works out a shortfall the server did not send. */
  availableGold?: string;
  selectedId?: number | null;
  /** blocked marks the select buttons as unavailable (a pending request); a tap still says why. */
  blocked?: boolean;
  onSelect?: (bar: Bar) => void;
};

/** GoldBarsTable lists bars for choosing (close) or for showing what is missing (higher). */
export function GoldBarsTable({ bars, kind, caption, availableGold, selectedId, blocked, onSelect }: Props) {
  const close = kind === "close";
  return (
    <div className="table-wrap card">
      <table className={`table table-dense rtable gold-bars gold-bars-${kind}`} data-testid={`gold-${kind}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">آزمایشگاه (ری)</th>
            <th scope="col">شماره انگ</th>
            <th scope="col" className="amt">
              عیار
            </th>
            <th scope="col" className="amt">
              وزن (گرم)
            </th>
            <th scope="col" className="amt">
              وزن ۷۵۰ (گرم)
            </th>
            {close ? (
              <th scope="col">
                <span className="visually-hidden">انتخاب</span>
              </th>
            ) : (
              <th scope="col" className="amt">
                کمبود (گرم)
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => {
            const selected = close && selectedId === b.id;
            return (
              <tr key={b.id} className={selected ? "is-selected" : undefined} data-testid={`bar-${b.id}`} data-ang={b.ang}>
                <td data-label="آزمایشگاه (ری)" className="lab-cell">
                  {faText(b.rey)}
                </td>
                <td data-label="شماره انگ" className="num ang-cell">
                  {faText(b.ang)}
                </td>
                <td data-label="عیار" className="num amt figure-cell">
                  {formatPurity(b.ayar)}
                </td>
                <td data-label="وزن (گرم)" className="num amt figure-cell">
                  {formatGold(b.vazn)}
                </td>
                <td data-label="وزن ۷۵۰ (گرم)" className="num amt figure-cell vazn750-cell">
                  {formatGold(b.vazn750)}
                </td>
                {close ? (
                  <td className="select-cell">
                    <Button
                      variant={selected ? "primary" : "secondary"}
                      className={`btn-sm${blocked ? " is-blocked" : ""}`}
                      aria-pressed={selected}
                      aria-disabled={blocked || undefined}
                      aria-label={`انتخاب آبشده شماره انگ ${faText(b.ang)}`}
                      onClick={() => onSelect?.(b)}
                      data-testid={`select-${b.id}`}
                    >
                      {selected ? "انتخاب شده" : "انتخاب"}
                    </Button>
                  </td>
                ) : (
                  <td data-label="کمبود (گرم)" className="num amt shortfall-cell" data-testid={`shortfall-${b.id}`}>
                    {formatGold(shortfallOf(b, availableGold))}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
