// The counter's sale lines (issue 38): a card per piece with what staff may change over its defaults (a
// piece's wage as a percent or rial per gram and the seller's profit, a coin's price, stones and extras, a
// discount) and its figures: the server's once it has priced the lines on screen, the screen's own meanwhile.
import type { CounterTerms, InvoiceLine } from "../../api-types";
import { checkSale, isPiece, saleFigures, type SaleRow } from "../../lib/counter-lines";
import { toFaDigits } from "../../lib/digits";
import { formatPurity } from "../../lib/gold-request";
import { formatGold, formatRial } from "../../lib/money";
import { WAGE_MODES, vaultKindLabel, type WageMode } from "../../lib/vault";
import { SelectField } from "../ui/select-field";
import { Button } from "../ui";
import { DecimalInput, RialInput } from "./counter-fields";

type Props = {
  rows: SaleRow[];
  terms: CounterTerms;
  /** priced are the server's lines for the rows on screen, in their order, or null while it has not answered. */
  priced: InvoiceLine[] | null;
  onChange: (key: number, patch: Partial<SaleRow>) => void;
  onRemove: (key: number) => void;
  /** showErrors shows a coin's missing price too, after a try to record. */
  showErrors: boolean;
};

/** Figures are a line's figures by name, as shown under it. */
export type Figures = { label: string; value: string; strong?: boolean }[];

/** LineFigures shows a line's figures; testid names the total. */
export function LineFigures({ figures, testid }: { figures: Figures; testid: string }) {
  return (
    <dl className="counter-figures">
      {figures.map((f) => (
        <div key={f.label} className={f.strong ? "is-total" : undefined}>
          <dt>{f.label}</dt>
          <dd className="num" data-testid={f.strong ? testid : undefined}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** figuresOf are a sale line's figures: the server's line, else priced here, else dashes. */
function figuresOf(row: SaleRow, terms: CounterTerms, line: InvoiceLine | undefined): Figures {
  const local = saleFigures(row, terms);
  const f = line
    ? { gold: line.gold_value, wage: line.wage, profit: line.profit, vat: line.vat, total: line.total }
    : local && typeof local === "object"
      ? { gold: local.gold, wage: local.wage, profit: local.profit, vat: local.vat, total: local.total }
      : null;
  const show = (v: bigint | number | undefined) => (v === undefined ? "—" : formatRial(String(v)));
  const piece = isPiece(row.item);
  return [
    { label: row.item.kind === "coin" ? "قیمت سکه" : "ارزش طلا", value: show(f?.gold) },
    ...(piece ? [
      { label: "اجرت", value: show(f?.wage) },
      { label: "سود", value: show(f?.profit) },
      { label: "مالیات", value: show(f?.vat) },
    ] : []),
    { label: "جمع ردیف (ریال)", value: show(f?.total), strong: true },
  ];
}

/** SaleLine is one piece on the invoice. */
function SaleLine({ row, terms, line, onChange, onRemove, showErrors }: { row: SaleRow; terms: CounterTerms; line?: InvoiceLine } & Pick<Props, "onChange" | "onRemove" | "showErrors">) {
  const { errors } = checkSale(row, terms);
  if (!showErrors && !row.price) delete errors.price;
  const it = row.item;
  const set = (patch: Partial<SaleRow>) => onChange(row.key, patch);
  const id = (name: string) => `counter-sale-${it.id}-${name}`;
  return (
    <li className="card counter-line" data-testid="counter-sale" data-item={it.id}>
      <div className="counter-line-head">
        <div>
          <p className="counter-line-title">{it.description ? toFaDigits(it.description) : vaultKindLabel(it.kind)}</p>
          <p className="counter-line-sub num">
            {[vaultKindLabel(it.kind), it.tag ? `اتیکت ${toFaDigits(it.tag)}` : `شماره ${toFaDigits(it.id)}`, `${formatGold(it.weight)} گرم`, `عیار ${formatPurity(it.purity)}`].join(" · ")}
          </p>
        </div>
        <Button variant="ghost" className="btn-sm" onClick={() => onRemove(row.key)} data-testid={id("remove")}>
          حذف
        </Button>
      </div>
      <div className="counter-line-fields">
        {isPiece(it) && (
          <>
            <SelectField label="اجرت ساخت" value={row.wageMode} onValue={(v) => set({ wageMode: v as WageMode, wage: "" })} options={WAGE_MODES} testid={id("wage-mode")} />
            {row.wageMode === "percent" ? (
              <DecimalInput label="درصد اجرت" value={row.wage} onValue={(wage) => set({ wage })} scale={2} unit="٪" error={errors.wage} testid={id("wage")} />
            ) : (
              <RialInput label="اجرت هر گرم" digits={row.wage} onDigits={(wage) => set({ wage })} error={errors.wage} testid={id("wage")} />
            )}
            <DecimalInput label="سود فروشنده" value={row.profit} onValue={(profit) => set({ profit })} scale={2} unit="٪" error={errors.profit} testid={id("profit")} />
          </>
        )}
        {it.kind === "coin" && <RialInput label="قیمت سکه" digits={row.price} onDigits={(price) => set({ price })} error={errors.price} testid={id("price")} />}
        <RialInput label="سنگ و متعلقات" digits={row.extras} onDigits={(extras) => set({ extras })} testid={id("extras")} />
        <RialInput label="تخفیف" digits={row.discount} onDigits={(discount) => set({ discount })} error={errors.discount} testid={id("discount")} />
      </div>
      <LineFigures figures={figuresOf(row, terms, line)} testid={id("total")} />
    </li>
  );
}

/** CounterSaleLines lists the pieces on the invoice. */
export function CounterSaleLines({ rows, terms, priced, onChange, onRemove, showErrors }: Props) {
  if (!rows.length) return null;
  return (
    <section aria-labelledby="counter-sales-title">
      <h2 id="counter-sales-title" className="section-title">
        {`فروش (${toFaDigits(rows.length)} قلم)`}
      </h2>
      <ul className="counter-lines">
        {rows.map((row, i) => (
          <SaleLine key={row.key} row={row} terms={terms} line={priced?.[i]} onChange={onChange} onRemove={onRemove} showErrors={showErrors} />
        ))}
      </ul>
    </section>
  );
}
