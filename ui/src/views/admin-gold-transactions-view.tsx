// The buy/sell listing (admin.md §2): every customer trade, filtered by person, type, status, weight, price
// and Jalali dates; a table on desktop and cards on a phone.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, errorText, type GoldTransaction, type GoldTransactionFilter } from "../api";
import { Rial, SelectField } from "../components/admin-parts";
import { DateField } from "../components/date-field";
import { ChevronDownIcon, FilterIcon, TradeIcon } from "../components/icons";
import { StatusBadge } from "../components/status-badge";
import { toast } from "../components/toast";
import { Button, Field, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
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
import { formatJalaliDateTime, todayJalali } from "../lib/jalali";
import { entryStatusLabel, entryStatusTone, entryTypeLabel, fullName } from "../lib/labels";
import { EMPTY, formatGold, formatRial } from "../lib/money";
import "../styles/admin.css";
import "../styles/admin-trading.css";

const FETCH_ERROR = "خطا در دریافت خرید و فروش‌ها";
/** FIRST_DAY is the earliest day the date filters offer. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

/** AdminGoldTransactionsView is /AdminGoldTransactions_page. */
export default function AdminGoldTransactionsView() {
  const [form, setForm] = useState<GoldTxFilterForm>(EMPTY_GOLD_TX_FILTER);
  const [dateError, setDateError] = useState<{ field: "from" | "to"; message: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<GoldTransaction[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const applied = useRef<GoldTransactionFilter>({});
  const seq = useRef(0);
  const narrow = useMediaQuery(NARROW_LIST);

  const load = async (filter: GoldTransactionFilter) => {
    applied.current = filter;
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await api.goldTransactions(filter);
      if (mine !== seq.current) return;
      setList(Array.isArray(rows) ? rows : []);
      setFailed(false);
    } catch (err) {
      if (mine !== seq.current) return;
      setFailed(true);
      toast(errorText(err, FETCH_ERROR), "error");
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  useEffect(() => void load({}), []);

  const set = (key: keyof GoldTxFilterForm) => (v: string) => {
    setForm((f) => ({ ...f, [key]: v }));
    if (key === "from" || key === "to") setDateError(null);
  };
  const setWeight = (key: "minWeight" | "maxWeight") => (v: string) => setForm((f) => ({ ...f, [key]: sanitizeAmount(v, "gold") }));
  const setPrice = (key: "minPrice" | "maxPrice") => (v: string) => setForm((f) => ({ ...f, [key]: sanitizeAmount(v, "rial") }));

  const apply = (e: Event) => {
    e.preventDefault();
    const out = goldTxFilter(form);
    if (!out.ok) {
      setDateError({ field: out.field, message: out.message });
      toast(out.message, "error");
      return;
    }
    setDateError(null);
    void load(out.filter);
  };

  const reset = () => {
    setForm(EMPTY_GOLD_TX_FILTER);
    setDateError(null);
    void load({});
  };

  const today = todayJalali();
  const dateProps = { min: FIRST_DAY, max: today, initial: today, placeholder: "۱۴۰۴/۰۱/۰۱", hint: "", autoComplete: "off" };
  const sums = list ? tradeSums(list) : null;
  const user = (t: GoldTransaction) => fullName(t.first_name, t.last_name, EMPTY);

  return (
    <div class="admin-page wide-screen stack">
      <PageHeader title="معاملات خرید و فروش طلا" />

      <section class={`card filters${open ? " open" : ""}`} aria-label="فیلتر معاملات">
        <button type="button" class="filters-toggle" aria-expanded={open} aria-controls="gt-filters" onClick={() => setOpen(!open)} data-testid="filters-toggle">
          <FilterIcon size={20} />
          فیلترها
          <span class="filters-chevron">
            <ChevronDownIcon size={20} />
          </span>
        </button>
        <form id="gt-filters" class="filters-body gt-filters" onSubmit={apply} noValidate>
          <Field label="جستجو" value={form.search} onValue={set("search")} placeholder="نام، شماره موبایل یا شناسه" autoComplete="off" class="span-2" data-testid="filter-search" />
          <SelectField label="نوع" value={form.type} onValue={set("type")} options={TRADE_TYPES} testid="filter-type" />
          <SelectField label="وضعیت" value={form.status} onValue={set("status")} options={TRADE_STATUSES} testid="filter-status" />
          <Field label="حداقل وزن" class="unit-field" end={<span class="field-unit">گرم</span>} value={displayAmount(form.minWeight, "gold")} onValue={setWeight("minWeight")} inputMode="decimal" dir="ltr" autoComplete="off" placeholder="۰٫۰۰۱" data-testid="filter-min-weight" />
          <Field label="حداکثر وزن" class="unit-field" end={<span class="field-unit">گرم</span>} value={displayAmount(form.maxWeight, "gold")} onValue={setWeight("maxWeight")} inputMode="decimal" dir="ltr" autoComplete="off" placeholder="۰٫۰۰۱" data-testid="filter-max-weight" />
          <Field label="حداقل قیمت هر گرم" class="unit-field" end={<span class="field-unit">ریال</span>} value={displayAmount(form.minPrice, "rial")} onValue={setPrice("minPrice")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="filter-min-price" />
          <Field label="حداکثر قیمت هر گرم" class="unit-field" end={<span class="field-unit">ریال</span>} value={displayAmount(form.maxPrice, "rial")} onValue={setPrice("maxPrice")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="filter-max-price" />
          <DateField label="از تاریخ" value={form.from} onValue={set("from")} {...dateProps} error={dateError?.field === "from" ? dateError.message : null} testid="filter-from" />
          <DateField label="تا تاریخ" value={form.to} onValue={set("to")} {...dateProps} error={dateError?.field === "to" ? dateError.message : null} testid="filter-to" />
          <div class="filters-actions">
            <Button type="submit" busy={loading && list !== null} data-testid="filter-apply">
              اعمال فیلتر
            </Button>
            <Button variant="secondary" onClick={reset} data-testid="filter-clear">
              پاک کردن فیلترها
            </Button>
          </div>
        </form>
      </section>

      {list === null ? (
        failed ? (
          <LoadFailed icon={<TradeIcon size={40} />} title={FETCH_ERROR} onRetry={() => load(applied.current)} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <p class="list-count gt-count" aria-live="polite">
            <span data-testid="tx-count">{`تعداد معاملات: ${toFaDigits(list.length)}`}</span>
            {sums && list.length > 0 && (
              <span class="gt-sums">
                {`جمع خرید: ${formatGold(sums.buyGold)} گرم`}
                <span aria-hidden="true"> · </span>
                {`جمع فروش: ${formatGold(sums.sellGold)} گرم`}
              </span>
            )}
          </p>
          {list.length === 0 ? (
            <StatusCard icon={<TradeIcon size={40} />} title="هیچ خرید یا فروشی یافت نشد" testid="tx-empty" />
          ) : narrow ? (
            <ul class="cards-list" aria-busy={loading}>
              {list.map((t) => (
                <li key={t.id} class="card wr-card" data-testid="tx-row" data-id={t.id} data-type={t.type}>
                  <div class="wr-card-head">
                    <span class="wr-id">{`#${toFaDigits(t.id)}`}</span>
                    <StatusBadge tone={tradeTypeTone(t.type)}>{entryTypeLabel(t.type)}</StatusBadge>
                    <StatusBadge tone={entryStatusTone(t.status)}>{entryStatusLabel(t.status)}</StatusBadge>
                  </div>
                  <div>
                    <p class="wr-user">{user(t)}</p>
                    <p class="muted small">{toFaDigits(t.phone_number ?? "")}</p>
                  </div>
                  <dl class="kv">
                    <dt>وزن</dt>
                    <dd class="strong gt-weight" data-testid={`tx-weight-${t.id}`}>{`${formatGold(tradeWeight(t))} گرم`}</dd>
                    <dt>مبلغ کل</dt>
                    <dd class="strong">{`${formatRial(tradeTotal(t))} ریال`}</dd>
                    <dt>قیمت هر گرم</dt>
                    <dd>{`${formatRial(t.price_per_gram)} ریال`}</dd>
                    <dt>تاریخ</dt>
                    <dd>{formatJalaliDateTime(t.created_at)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          ) : (
            <div class="table-wrap card" aria-busy={loading}>
              <table class="table">
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
                      <td class="num">{toFaDigits(t.id)}</td>
                      <td>
                        <span class="cell-main">{user(t)}</span>
                        <span class="cell-sub">{toFaDigits(t.phone_number ?? "")}</span>
                      </td>
                      <td>
                        <StatusBadge tone={tradeTypeTone(t.type)}>{entryTypeLabel(t.type)}</StatusBadge>
                      </td>
                      <td>
                        <StatusBadge tone={entryStatusTone(t.status)}>{entryStatusLabel(t.status)}</StatusBadge>
                      </td>
                      <td class="num strong gt-weight" data-testid={`tx-weight-${t.id}`}>
                        {formatGold(tradeWeight(t))}
                      </td>
                      <td class="num">
                        <Rial value={t.price_per_gram} />
                      </td>
                      <td class="num">
                        <Rial value={tradeTotal(t)} />
                      </td>
                      <td class="num">{formatJalaliDateTime(t.created_at)}</td>
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
