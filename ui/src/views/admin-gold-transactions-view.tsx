// The buy/sell listing (admin.md §2): every customer trade, filtered by person, type, status, weight, price
// and Jalali dates; a table on desktop and cards on a phone.
import { errorText, type GoldTransaction, type GoldTransactionFilter } from "../api";
import { Rial } from "../components/amounts";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/filter-panel";
import { ListPending } from "../components/list-pending";
import { SelectField } from "../components/select-field";
import { TradeIcon } from "../components/icons";
import { StatusBadge } from "../components/status-badge";
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
import { EMPTY, formatGold, formatRial } from "../lib/money";
import "../styles/admin.css";
import "../styles/admin-trading.css";
import { adminApi } from "../api-admin";

const FETCH_ERROR = "خطا در دریافت خرید و فروش‌ها";

/** AdminGoldTransactionsView is /AdminGoldTransactions_page. */
export default function AdminGoldTransactionsView() {
  const { list, loading, failed, load, reload } = useAdminList((filter: GoldTransactionFilter) => adminApi.goldTransactions(filter), (err) => errorText(err, FETCH_ERROR));
  const { form, setForm, set, apply, clear, dateErrorOf } = useDateFilterForm<GoldTxFilterForm, GoldTransactionFilter>(EMPTY_GOLD_TX_FILTER, goldTxFilter, load);
  const narrow = useMediaQuery(NARROW_LIST);

  const setWeight = (key: "minWeight" | "maxWeight") => (v: string) => setForm((f) => ({ ...f, [key]: sanitizeAmount(v, "gold") }));
  const setPrice = (key: "minPrice" | "maxPrice") => (v: string) => setForm((f) => ({ ...f, [key]: sanitizeAmount(v, "rial") }));

  const sums = list ? tradeSums(list) : null;
  const user = (t: GoldTransaction) => fullName(t.first_name, t.last_name, EMPTY);

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
          ) : narrow ? (
            <ul className="cards-list" aria-busy={loading}>
              {list.map((t) => (
                <li key={t.id} className="card wr-card" data-testid="tx-row" data-id={t.id} data-type={t.type}>
                  <div className="wr-card-head">
                    <span className="wr-id">{`#${toFaDigits(t.id)}`}</span>
                    <StatusBadge tone={tradeTypeTone(t.type)}>{entryTypeLabel(t.type)}</StatusBadge>
                    <StatusBadge tone={entryStatusTone(t.status)}>{entryStatusLabel(t.status)}</StatusBadge>
                  </div>
                  <div>
                    <p className="wr-user">{user(t)}</p>
                    <p className="muted small">{toFaDigits(t.phone_number ?? "")}</p>
                  </div>
                  <dl className="kv">
                    <dt>وزن</dt>
                    <dd className="strong gt-weight" data-testid={`tx-weight-${t.id}`}>{`${formatGold(tradeWeight(t))} گرم`}</dd>
                    <dt>مبلغ کل</dt>
                    <dd className="strong">{`${formatRial(tradeTotal(t))} ریال`}</dd>
                    <dt>قیمت هر گرم</dt>
                    <dd>{`${formatRial(t.price_per_gram)} ریال`}</dd>
                    <dt>تاریخ</dt>
                    <dd>{formatJalaliDateTime(t.created_at)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          ) : (
            <div className="table-wrap card" aria-busy={loading}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">شناسه</th>
                    <th scope="col">کاربر</th>
                    <th scope="col">نوع</th>
                    <th scope="col">وضعیت</th>
                    <th scope="col">وزن (گرم)</th>
                    <th scope="col">قیمت هر گرم</th>
                    <th scope="col">مبلغ کل</th>
                    <th scope="col">تاریخ</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((t) => (
                    <tr key={t.id} data-testid="tx-row" data-id={t.id} data-type={t.type}>
                      <td className="num">{toFaDigits(t.id)}</td>
                      <td>
                        <span className="cell-main">{user(t)}</span>
                        <span className="cell-sub">{toFaDigits(t.phone_number ?? "")}</span>
                      </td>
                      <td>
                        <StatusBadge tone={tradeTypeTone(t.type)}>{entryTypeLabel(t.type)}</StatusBadge>
                      </td>
                      <td>
                        <StatusBadge tone={entryStatusTone(t.status)}>{entryStatusLabel(t.status)}</StatusBadge>
                      </td>
                      <td className="num strong gt-weight" data-testid={`tx-weight-${t.id}`}>
                        {formatGold(tradeWeight(t))}
                      </td>
                      <td className="num">
                        <Rial value={t.price_per_gram} />
                      </td>
                      <td className="num">
                        <Rial value={tradeTotal(t)} />
                      </td>
                      <td className="num">{formatJalaliDateTime(t.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
