// A list of abshodeh bars, drawn by DataList (a table on a desktop, a card per bar on a phone). The selectable
// bars carry a select button and the chosen one is marked; the bars above the balance carry what the customer
// lacks instead.
import type { Bar } from "../../api";
import { faText, formatPurity, shortfallOf } from "../../lib/gold-request";
import { formatGold } from "../../lib/money";
import { DataList, type Column } from "../ui/data-list";
import { Button } from "../ui";

type Props = {
  bars: readonly Bar[];
  /** kind "close" lists bars the customer can choose; "higher" those above the available gold. */
  kind: "close" | "higher";
  caption: string;
  narrow: boolean;
  /** availableGold works out a shortfall the server did not send. */
  availableGold?: string;
  selectedId?: number | null;
  /** blocked marks the select buttons as unavailable (a pending request); a tap still says why. */
  blocked?: boolean;
  onSelect?: (bar: Bar) => void;
};

/** FIGURES are a bar's columns, the same in both lists. */
const FIGURES: Column<Bar>[] = [
  { label: "آزمایشگاه (ری)", head: true, className: "lab-cell", cell: (b) => faText(b.rey) },
  { label: "شماره انگ", className: "num", cell: (b) => faText(b.ang) },
  { label: "عیار", className: "num", end: true, cell: (b) => formatPurity(b.ayar) },
  { label: "وزن (گرم)", className: "num", end: true, cell: (b) => formatGold(b.vazn) },
  { label: "وزن ۷۵۰ (گرم)", className: "num vazn750-cell", end: true, cell: (b) => formatGold(b.vazn750) },
];

/** GoldBarsTable lists bars for choosing (close) or for showing what is missing (higher). */
export function GoldBarsTable({ bars, kind, caption, narrow, availableGold, selectedId, blocked, onSelect }: Props) {
  const close = kind === "close";
  const columns = close
    ? FIGURES
    : [
        ...FIGURES,
        {
          label: "کمبود (گرم)",
          className: "num shortfall-cell",
          end: true,
          cell: (b: Bar) => <span data-testid={`shortfall-${b.id}`}>{formatGold(shortfallOf(b, availableGold))}</span>,
        },
      ];
  return (
    <div className={`gold-bars gold-bars-${kind}`} data-testid={`gold-${kind}`}>
      <DataList
        rows={bars}
        columns={columns}
        rowKey={(b) => b.id}
        narrow={narrow}
        caption={caption}
        dense
        testid="gold-bar"
        rowAttrs={(b) => ({ "data-testid": `bar-${b.id}`, "data-ang": b.ang, "data-selected": String(close && selectedId === b.id) })}
        actions={
          close
            ? (b) => {
                const selected = selectedId === b.id;
                return (
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
                );
              }
            : undefined
        }
      />
    </div>
  );
}
