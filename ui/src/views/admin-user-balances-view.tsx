// Users' balances (admin.md §2): filter by text and by rial and gold ranges, and open any user's
// ledger with running balances computed exactly in the order the server sends.
import { useMemo, useState, type FormEvent } from "react";
import { errorText, type BalancesFilter, type CustomerBalances, type Entry } from "../api";
import { Modal } from "../components/ui/admin-modal";
import { Gold, Rial } from "../components/ui/amounts";
import { DataList, type Column } from "../components/ui/data-list";
import { FilterActions } from "../components/ui/filter-panel";
import { ListIcon, UsersIcon } from "../components/ui/icons";
import { LedgerList } from "../components/statement/ledger-list";
import { Button, Field, Loading, PageHeader, StatusCard } from "../components/ui";
import { useBannerList, usePagedList, type Page } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useScrollMore } from "../hooks/use-scroll-more";
import { balancesFilter, EMPTY_BALANCES_FILTER, type BalancesFilterForm } from "../lib/admin-filters";
import { toFaDigits } from "../lib/digits";
import { fullName } from "../lib/labels";
import { pageRows, type LedgerRow } from "../lib/ledger";
import { EMPTY } from "../lib/money";
import "../styles/admin.css";
import { adminApi } from "../api-admin";

const USERS_ERROR = "خطا در دریافت کاربران";

const userName = (u: CustomerBalances) => fullName(u.first_name, u.last_name, u.name || EMPTY);

/** userColumns are a user's fields in the table's order; a phone's card is headed by the name. */
const userColumns = (narrow: boolean): Column<CustomerBalances>[] => [
  { label: "شناسه", className: "num", cell: (u) => toFaDigits(u.id) },
  { label: "نام", head: true, className: narrow ? "wr-user" : undefined, cell: userName },
  { label: "شماره موبایل", className: "num", cell: (u) => <bdi dir="ltr">{toFaDigits(u.phone_number ?? "")}</bdi> },
  { label: "موجودی ریالی", className: "num", cell: (u) => <Rial value={u.balance_rial} /> },
  { label: "موجودی طلا", className: "num", cell: (u) => <Gold value={u.balance_gold} /> },
];

/** AdminUserBalancesView is /AdminUserBalances_page. */
export default function AdminUserBalancesView() {
  const [form, setForm] = useState<BalancesFilterForm>(EMPTY_BALANCES_FILTER);
  const { list: users, loading, banner, load } = useBannerList((filter: BalancesFilter) => adminApi.usersBalances(filter), USERS_ERROR, {});
  const [ledgerOf, setLedgerOf] = useState<CustomerBalances | null>(null);
  const narrow = useMediaQuery(NARROW_LIST);

  const set = (key: keyof BalancesFilterForm) => (v: string) => setForm((f) => ({ ...f, [key]: v }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    void load(balancesFilter(form));
  };
  const reset = () => {
    setForm(EMPTY_BALANCES_FILTER);
    void load({});
  };
  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="موجودی کاربران" />

      <form className="card filters open" onSubmit={apply} noValidate aria-label="فیلتر کاربران">
        <div className="filters-body balances-filters">
          <Field label="جستجو" value={form.search} onValue={set("search")} placeholder="نام، شماره موبایل یا شناسه" autoComplete="off" data-testid="balances-search" className="span-all" />
          <Field label="حداقل موجودی ریالی" value={form.minRial} onValue={set("minRial")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="balances-min-rial" />
          <Field label="حداکثر موجودی ریالی" value={form.maxRial} onValue={set("maxRial")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="balances-max-rial" />
          <Field label="حداقل موجودی طلا (گرم)" value={form.minGold} onValue={set("minGold")} inputMode="decimal" dir="ltr" autoComplete="off" data-testid="balances-min-gold" />
          <Field label="حداکثر موجودی طلا (گرم)" value={form.maxGold} onValue={set("maxGold")} inputMode="decimal" dir="ltr" autoComplete="off" data-testid="balances-max-gold" />
          <FilterActions busy={loading && users !== null} onClear={reset} clearLabel="پاک کردن فیلترها" />
        </div>
      </form>

      {banner && (
        <p className="banner banner-error" role="alert" data-testid="balances-error">
          {banner}
        </p>
      )}

      {users === null ? (
        <Loading />
      ) : users.length === 0 ? (
        <StatusCard icon={<UsersIcon size={40} />} title="کاربری یافت نشد" testid="balances-empty" />
      ) : (
        <>
          <p className="list-count">{`تعداد کاربران: ${toFaDigits(users.length)}`}</p>
          <DataList
            rows={users}
            columns={userColumns(narrow)}
            rowKey={(u) => u.id}
            narrow={narrow}
            caption="موجودی کاربران"
            busy={loading}
            testid="balances-row"
            rowAttrs={(u) => ({ "data-id": u.id })}
            actions={(u) => (
              <Button variant={narrow ? "secondary" : "ghost"} className="btn-sm" onClick={() => setLedgerOf(u)} data-testid={`ledger-open-${u.id}`}>
                <ListIcon size={18} />
                مشاهده تراکنش‌ها
              </Button>
            )}
          />
        </>
      )}

      {ledgerOf && <LedgerModal user={ledgerOf} name={userName(ledgerOf)} narrow={narrow} onClose={() => setLedgerOf(null)} />}
    </div>
  );
}

function LedgerModal({ user, name, narrow, onClose }: { user: CustomerBalances; name: string; narrow: boolean; onClose: () => void }) {
  // One customer's statement a page at a time, newest first; the modal opens anew for another customer.
  const fetchPage = (_: object, cursor: string): Promise<Page<Entry>> =>
    adminApi.userTransactions(user.id, cursor).then((p) => ({ rows: p?.transactions ?? [], next: p?.next_cursor ?? "" }));
  const { list, hasMore, loading, failed, more } = usePagedList(fetchPage, (err) => errorText(err, "خطا در دریافت تراکنش‌ها"));
  const end = useScrollMore<HTMLDivElement>(hasMore, loading, more);
  const rows = useMemo<LedgerRow[] | null>(() => (list ? pageRows(list) : null), [list]);

  const last = rows && rows.length ? rows[0] : null; // the newest row's balances are the customer's totals

  return (
    <Modal title={`${name} (شناسه ${toFaDigits(user.id)})`} onClose={onClose} size="wide" testid="ledger-modal">
      {rows === null ? (
        failed ? (
          <p className="muted center">خطا در دریافت تراکنش‌ها</p>
        ) : (
          <Loading />
        )
      ) : rows.length === 0 ? (
        <StatusCard icon={<ListIcon size={40} />} title="تراکنشی ثبت نشده است" testid="ledger-empty" />
      ) : (
        <>
          {last && (
            <div className="ledger-totals">
              <span>
                <span className="muted">مانده ریالی: </span>
                <Rial value={last.rialBalance} testid="ledger-total-rial" />
              </span>
              <span>
                <span className="muted">مانده طلا: </span>
                <Gold value={last.goldBalance} testid="ledger-total-gold" />
              </span>
            </div>
          )}
          <LedgerList
            rows={rows}
            narrow={narrow}
            caption={`تراکنش‌های ${name}`}
            testid="ledger-row"
            rowAttrs={(r) => ({ "data-running-rial": r.rialBalance, "data-running-gold": r.goldBalance })}
            flat
          />
          <div ref={end} className="list-more">
            {hasMore && (
              <Button variant="secondary" busy={loading} onClick={() => void more()} data-testid="ledger-more">
                تراکنش‌های قدیمی‌تر
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
