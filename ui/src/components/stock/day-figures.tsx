// The drawer's day in figures (issue 39): the cash reckoned from the morning's (the last close's count) to what
// the drawer should hold, the other ways money came and went at the counter, the gold bought and sold, the
// invoices, voids and VAT, and the owner's cash movements of the day, drawn by DataList.
import type { DrawerDay, DrawerMove } from "../../api-types";
import { toFaDigits } from "../../lib/digits";
import { moveText } from "../../lib/drawer-day";
import { formatJalaliDateTimeShort } from "../../lib/jalali";
import { formatRial } from "../../lib/money";
import { Figure, Gold, Rial } from "../ui/amounts";
import { DataList, type Column } from "../ui/data-list";

/** CASH_LINES are the reckoning of the drawer's cash, each with its sign. */
const CASH_LINES: { label: string; sign: "" | "+" | "−"; value: (d: DrawerDay) => number; testid: string }[] = [
  { label: "موجودی اول روز", sign: "", value: (d) => d.opening_cash, testid: "day-opening" },
  { label: "نقد دریافتی از مشتریان", sign: "+", value: (d) => d.cash_in, testid: "day-cash-in" },
  { label: "نقد پرداختی به مشتریان", sign: "−", value: (d) => d.cash_out, testid: "day-cash-out" },
  { label: "واریز به صندوق", sign: "+", value: (d) => d.drawer_in, testid: "day-drawer-in" },
  { label: "برداشت از صندوق", sign: "−", value: (d) => d.drawer_out, testid: "day-drawer-out" },
];

/** DayCash is the reckoning of the drawer's cash, down to what it should hold. */
export function DayCash({ day }: { day: DrawerDay }) {
  return (
    <section className="card day-cash" aria-labelledby="day-cash-title" data-testid="day-cash">
      <h2 id="day-cash-title" className="section-title">
        نقد صندوق
      </h2>
      <dl className="day-reckoning">
        {CASH_LINES.map((l) => (
          <div key={l.testid}>
            <dt>
              {l.sign && <span className="day-sign" aria-hidden="true">{l.sign}</span>}
              {l.label}
            </dt>
            <dd className="num" data-testid={l.testid}>{`${formatRial(l.value(day))} ریال`}</dd>
          </div>
        ))}
        <div className="day-expected">
          <dt>نقد مورد انتظار صندوق</dt>
          <dd className="num" data-testid="day-expected">{`${formatRial(day.expected_cash)} ریال`}</dd>
        </div>
      </dl>
    </section>
  );
}

/** DayFigures are the day's other figures at the counter. */
export function DayFigures({ day }: { day: DrawerDay }) {
  return (
    <section className="stack day-more" aria-labelledby="day-figures-title">
      <h2 id="day-figures-title" className="section-title">
        دیگر دریافت‌ها و پرداخت‌ها
      </h2>
      <div className="figures day-figures" data-testid="day-figures">
        <Figure label="کارتخوان" tone="in">
          <Rial value={String(day.card)} testid="day-card" />
        </Figure>
        <Figure label="انتقال بانکی (خالص)" tone="rial">
          <Rial value={String(day.transfer)} testid="day-transfer" />
        </Figure>
        <Figure label="از کیف پول مشتریان" tone="in">
          <Rial value={String(day.wallet_in)} testid="day-wallet-in" />
        </Figure>
        <Figure label="به کیف پول مشتریان" tone="out">
          <Rial value={String(day.wallet_out)} testid="day-wallet-out" />
        </Figure>
        <Figure label="طلای خریداری‌شده (وزن ۷۵۰)" tone="gold">
          <Gold value={day.gold_in750} testid="day-gold-in" />
        </Figure>
        <Figure label="طلای فروخته‌شده (وزن ۷۵۰)" tone="gold">
          <Gold value={day.gold_out750} testid="day-gold-out" />
        </Figure>
        <Figure label="فاکتورها" tone="rial" valueTestid="day-invoices">
          {`${toFaDigits(day.invoices)} فاکتور`}
        </Figure>
        <Figure label="ابطال‌ها" tone={day.voids ? "warn" : "rial"} valueTestid="day-voids">
          {`${toFaDigits(day.voids)} ابطال`}
        </Figure>
        <Figure label="مالیات بر ارزش افزوده" tone="rial">
          <Rial value={String(day.vat)} testid="day-vat" />
        </Figure>
      </div>
    </section>
  );
}

/** MOVE_COLUMNS are an owner's cash movement's. */
const MOVE_COLUMNS: Column<DrawerMove>[] = [
  { label: "جابه‌جایی", head: true, className: "strong", cell: (m) => moveText(m.direction, m.counterpart) },
  { label: "مبلغ", className: "num", end: true, cell: (m) => <Rial value={String(m.amount)} /> },
  { label: "دلیل", cell: (m) => toFaDigits(m.reason) },
  { label: "ثبت‌کننده", cell: (m) => m.by },
  { label: "زمان", className: "num", cell: (m) => formatJalaliDateTimeShort(m.at) },
];

/** DayMoves lists the owner's cash movements of the day, when there are any. */
export function DayMoves({ moves, narrow }: { moves: DrawerMove[]; narrow: boolean }) {
  if (!moves?.length) return null;
  return (
    <section className="stack day-more" aria-labelledby="day-moves-title">
      <h2 id="day-moves-title" className="section-title">
        جابه‌جایی‌های نقد صندوق
      </h2>
      <DataList rows={moves} columns={MOVE_COLUMNS} rowKey={(m) => m.id} narrow={narrow} caption="جابه‌جایی‌های نقد صندوق در این روز" testid="day-move" rowAttrs={(m) => ({ "data-id": m.id, "data-direction": m.direction })} />
    </section>
  );
}
