// The counter's buy-back lines (issue 38): used gold weighed at the counter, its purity as estimated (Persian or
// Latin digits) and the fineness deduction (the owner's, changeable here), with its 750-equivalent after the
// deduction and its value: the server's once it has priced the lines on screen, the screen's own meanwhile.
import type { CounterTerms, InvoiceLine } from "../../api-types";
import { buyBackValue, checkBuyBack, type BuyBackRow } from "../../lib/counter-lines";
import { toFaDigits } from "../../lib/digits";
import { formatUnits, GOLD_SCALE } from "../../lib/ledger";
import { formatGold, formatRial } from "../../lib/money";
import { PlusCircleIcon } from "../ui/icons";
import { Button, Field } from "../ui";
import { DecimalInput } from "./counter-fields";
import { LineFigures } from "./counter-sale-lines";

type Props = {
  rows: BuyBackRow[];
  terms: CounterTerms;
  /** priced are the server's buy-back lines for the rows on screen, in their order, or null. */
  priced: InvoiceLine[] | null;
  onAdd: () => void;
  onChange: (key: number, patch: Partial<BuyBackRow>) => void;
  onRemove: (key: number) => void;
  /** showErrors shows what is missing too, after a try to record; a field typed wrong says so at once. */
  showErrors: boolean;
};

/** BuyBackLine is one lot of used gold. */
function BuyBackLine({ row, n, terms, line, onChange, onRemove, showErrors }: { row: BuyBackRow; n: number; terms: CounterTerms; line?: InvoiceLine } & Pick<Props, "onChange" | "onRemove" | "showErrors">) {
  const all = checkBuyBack(row).errors;
  const errors = Object.fromEntries(Object.entries(all).filter(([k]) => showErrors || row[k as keyof BuyBackRow])) as typeof all;
  const local = buyBackValue(row, terms);
  const set = (patch: Partial<BuyBackRow>) => onChange(row.key, patch);
  const id = (name: string) => `counter-buyback-${n}-${name}`;
  const net750 = line ? formatGold(line.weight750) : local ? formatGold(formatUnits(local.net750Mg, GOLD_SCALE)) : "—";
  const value = line ? formatRial(line.total) : local ? formatRial(String(local.value)) : "—";
  return (
    <li className="card counter-line" data-testid="counter-buyback">
      <div className="counter-line-head">
        <p className="counter-line-title">{`طلای متفرقه ${toFaDigits(n + 1)}`}</p>
        <Button variant="ghost" className="btn-sm" onClick={() => onRemove(row.key)} data-testid={id("remove")}>
          حذف
        </Button>
      </div>
      <div className="counter-line-fields">
        <Field
          label="شرح"
          value={row.description}
          onValue={(description) => set({ description })}
          error={errors.description}
          maxLength={210}
          autoComplete="off"
          placeholder="النگوی شکسته"
          className="counter-input counter-wide"
          data-testid={id("description")}
        />
        <DecimalInput label="وزن" value={row.weight} onValue={(weight) => set({ weight })} scale={3} unit="گرم" error={errors.weight} testid={id("weight")} />
        <DecimalInput label="عیار" value={row.purity} onValue={(purity) => set({ purity })} scale={2} error={errors.purity} testid={id("purity")} />
        <DecimalInput label="کسر عیار" value={row.deduction} onValue={(deduction) => set({ deduction })} scale={2} unit="٪" error={errors.deduction} testid={id("deduction")} />
      </div>
      <LineFigures
        figures={[
          { label: "وزن ۷۵۰ پس از کسر (گرم)", value: net750 },
          { label: "مبلغ خرید (ریال)", value, strong: true },
        ]}
        testid={id("value")}
      />
    </li>
  );
}

/** CounterBuyBackLines lists the used gold bought back, with the button that adds a lot. */
export function CounterBuyBackLines({ rows, terms, priced, onAdd, onChange, onRemove, showErrors }: Props) {
  return (
    <section aria-labelledby="counter-buybacks-title">
      <div className="counter-section-head">
        <h2 id="counter-buybacks-title" className="section-title">
          خرید طلای متفرقه
        </h2>
        <Button variant="secondary" className="btn-sm" onClick={onAdd} data-testid="counter-buyback-add">
          <PlusCircleIcon size={18} />
          افزودن طلای متفرقه
        </Button>
      </div>
      {rows.length > 0 && (
        <ul className="counter-lines">
          {rows.map((row, i) => (
            <BuyBackLine key={row.key} row={row} n={i} terms={terms} line={priced?.[i]} onChange={onChange} onRemove={onRemove} showErrors={showErrors} />
          ))}
        </ul>
      )}
    </section>
  );
}
