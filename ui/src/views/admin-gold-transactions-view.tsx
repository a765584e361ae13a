// The buy/sell listing (admin.md §2): every customer trade, filtered by person, type, status, weight, price
// and Jalali dates; one list (DataList) that is a table on desktop and cards on a phone.
import { errorText, type GoldTransaction, type GoldTransactionFilter } from "../api";
import { Rial } from "../components/ui/amounts";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/ui/filter-panel";
import { DataList, type Column } from "../components/ui/data-list";
import { ListPending } from "../components/ui/list-pending";
import { SelectField } from "../components/ui/select-field";
import { TradeIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { Field, PageHeader, StatusCard } from "../components/ui";
import { useAdminList, useDateFilterForm } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { displayAmount, sanitizeAmount } from "../lib/charge";
import { toFaDigits } from "../lib/digits";
import {
  EMPTY_GOLD_TX_FILTER,
  goldTxFilter,
  TRADE_STATUSES,
  TRADE_TYPES,
  tradeSums,
  tradeTotal,
  tradeTypeTone,
  tradeWeight,
  type GoldTxFilterForm,
} from "../lib/gold-transactions";
import { formatJalaliDateTime } from "../lib/jalali";
import { entryStatusLabel, entryStatusTone, entryTypeLabel, fullName } from "../lib/labels";
import { EMPTY, formatGold } from "../lib/money";
import "../styles/admin.css";
import "../styles/admin-trading.css";
import { adminApi } from "../api-admin";

const FETCH_ERROR = "خطا در دریافت خرید و فروش‌ها";

/** columns are a trade's fields in the table's order; on a phone the head ones lead the card. */
const columns = (narrow: boolean): Column<GoldTransaction>[] => [
  { label: "شناسه", head: true, className: "num wr-id", cell: (t) => (narrow ? `#${toFaDigits(t.id)}` : toFaDigits(t.id)) },
  {
    label: "کاربر",
    cell: (t) => (
      <>
        <span className="cell-main">{fullName(t.first_name, t.last_name, EMPTY)}</span>
        <span className="cell-sub">{toFaDigits(t.phone_number ?? "")}</span>
      </>
    ),
  },
  { label: "نوع", head: true, cell: (t) => <StatusBadge tone={tradeTypeTone(t.type)}>{entryTypeLabel(t.type)}</StatusBadge> },
  { label: "وضعیت", head: true, cell: (t) => <StatusBadge tone={entryStatusTone(t.status)}>{entryStatusLabel(t.status)}</StatusBadge> },
  { label: "وزن", className: "num strong gt-weight", cell: (t) => <span data-testid={`tx-weight-${t.id}`}>{`${formatGold(tradeWeight(t))} گرم`}</span> },
  { label: "قیمت هر گرم", className: "num", cell: (t) => <Rial value={t.price_per_gram} /> },
  { label: "مبلغ کل", className: "num strong", cell: (t) => <Rial value={tradeTotal(t)} /> },
  { label: "تاریخ", className: "num", cell: (t) => formatJalaliDateTime(t.created_at) },
];

/** AdminGoldTransactionsView is /AdminGoldTransactions_page. */
export default function AdminGoldTransactionsView() {
  const { list, loading, failed, load, reload } = useAdminList((filter: GoldTransactionFilter) => adminApi.goldTransactions(filter), (err) => errorText(err, FETCH_ERROR));
  const { form, setForm, set, apply, clear, dateErrorOf } = useDateFilterForm<GoldTxFilterForm, GoldTransactionFilter>(EMPTY_GOLD_TX_FILTER, goldTxFilter, load);
  const narrow = useMediaQuery(NARROW_LIST);

  const setWeight = (key: "minWeight" | "maxWeight") => (v: string) => setForm((f) => ({ ...f, [key]: sanitizeAmount(v, "gold") }));
  const setPrice = (key: "minPrice" | "maxPrice") => (v: string) => setForm((f) => ({ ...f, [key]: sanitizeAmount(v, "rial") }));

  const sums = list ? tradeSums(list) : null;

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="معاملات خرید و فروش طلا" />

      <FilterPanel label="فیلتر معاملات" id="gt-filters" formClass="gt-filters" onSubmit={apply}>
        <Field label="جستجو" value={form.search} onValue={set("search")} placeholder="نام، شماره موبایل یا شناسه" autoComplete="off" className="span-2" data-testid="filter-search" />
        <SelectField label="نوع" value={form.type} onValue={set("type")} options={TRADE_TYPES} testid="filter-type" />
        <SelectField label="وضعیت" value={form.status} onValue={set("status")} options={TRADE_STATUSES} testid="filter-status" />
        <Field label="حداقل وزن" className="unit-field" end={<span className="field-unit">گرم</span>} value={displayAmount(form.minWeight, "gold")} onValue={setWeight("minWeight")} inputMode="decimal" dir="ltr" autoComplete="off" placeholder={formatGold("0.001")} data-testid="filter-min-weight" />
        <Field label="حداکثر وزن" className="unit-field" end={<span className="field-unit">گرم</span>} value={displayAmount(form.maxWeight, "gold")} onValue={setWeight("maxWeight")} inputMode="decimal" dir="ltr" autoComplete="off" placeholder={formatGold("0.001")} data-testid="filter-max-weight" />
        <Field label="حداقل قیمت هر گرم" className="unit-field" end={<span className="field-unit">ریال</span>} value={displayAmount(form.minPrice, "rial")} onValue={setPrice("minPrice")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="filter-min-price" />
        <Field label="حداکثر قیمت هر گرم" className="unit-field" end={<span className="field-unit">ریال</span>} value={displayAmount(form.maxPrice, "rial")} onValue={setPrice("maxPrice")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="filter-max-price" />
        <DateRangeFields from={form.from} to={form.to} onValue={set} errorOf={dateErrorOf} />
        <FilterActions busy={loading && list !== null} onClear={clear} clearLabel="پاک کردن فیلترها" />
      </FilterPanel>

      {list === null ? (
        <ListPending failed={!!failed} icon={<TradeIcon size={40} />} title={FETCH_ERROR} onRetry={reload} />
      ) : (
        <>
          <p className="list-count gt-count" aria-live="polite">
            <span data-testid="tx-count">{`تعداد معاملات: ${toFaDigits(list.length)}`}</span>
            {sums && list.length > 0 && (
              <span className="gt-sums">
                {`جمع خرید: ${formatGold(sums.buyGold)} گرم`}
                <span aria-hidden="true"> · </span>
                {`جمع فروش: ${formatGold(sums.sellGold)} گرم`}
              </span>
            )}
          </p>
          {list.length === 0 ? (
            <StatusCard icon={<TradeIcon size={40} />} title="هیچ خرید یا فروشی یافت نشد" testid="tx-empty" />
          ) : (
            <DataList
              rows={list}
              columns={columns(narrow)}
              rowKey={(t) => t.id}
              narrow={narrow}
              caption="معاملات خرید و فروش طلا"
              busy={loading}
              testid="tx-row"
              rowAttrs={(t) => ({ "data-id": t.id, "data-type": t.type })}
            />
          )}
        </>
      )}
    </div>
  );
}
