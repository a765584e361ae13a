// The security events (owner only, issue 27): every sign-in, sign-out and change of password, factor or role,
// and the requests refused for their origin or their number, newest first, filtered by kind, outcome, phone
// and Jalali days, a page at a time. Drawn as the audit log is: the same filter panel, list and paging.
import { errorText } from "../api";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/ui/filter-panel";
import { DataList, type Column } from "../components/ui/data-list";
import { AlertIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { SelectField } from "../components/ui/select-field";
import { StatusBadge } from "../components/ui/status-badge";
import { Button, Field, PageHeader, StatusCard } from "../components/ui";
import { useDateFilterForm, usePagedList } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTime } from "../lib/jalali";
import {
  EMPTY_SECURITY_FILTER, NO_REASON, OUTCOMES, SECURITY_KINDS, outcomeLabel, outcomeTone, securityEventsApi, securityFilter,
  securityKindLabel, securityReasonLabel, type SecurityEvent, type SecurityEventsFilter, type SecurityFilterForm,
} from "../lib/security-events";
import "../styles/admin.css";
import "../styles/owner.css";

const TITLE = "رویدادهای امنیتی";
const LOAD_FAILED = "خطا در دریافت رویدادهای امنیتی";
const ALL = { value: "", label: "همه" };
const KINDS = [ALL, ...SECURITY_KINDS];
const RESULTS = [ALL, ...OUTCOMES];

const fetchPage = async (filter: SecurityEventsFilter, cursor: string) => {
  const page = await securityEventsApi.page(cursor ? { ...filter, cursor } : filter);
  return { rows: page?.items ?? [], next: page?.next_cursor ?? "" };
};

const COLUMNS: Column<SecurityEvent>[] = [
  { label: "رویداد", head: true, className: "strong", cell: (e) => securityKindLabel(e.kind) },
  {
    label: "نتیجه",
    head: true,
    cell: (e) => (
      <StatusBadge tone={outcomeTone(e.outcome)} testid="security-outcome">
        {outcomeLabel(e.outcome)}
      </StatusBadge>
    ),
  },
  { label: "زمان", className: "muted small nowrap num", cell: (e) => formatJalaliDateTime(e.at) },
  { label: "چه کسی", cell: (e) => <Actor e={e} /> },
  { label: "شماره موبایل", className: "num", blank: (e) => !e.phone_number, cell: (e) => (e.phone_number ? toFaDigits(e.phone_number) : NO_REASON) },
  {
    label: "آی‌پی",
    className: "num",
    blank: (e) => !e.address,
    cell: (e) => (e.address ? <span dir="ltr">{toFaDigits(e.address)}</span> : NO_REASON),
  },
  { label: "توضیح", blank: (e) => securityReasonLabel(e.reason) === NO_REASON, cell: (e) => securityReasonLabel(e.reason) },
];

/**
 * Actor is who made the decision: a name (or phone), with their phone under it only where the event is about
 * another one (an owner changing a staff member's role); nobody known reads «ناشناس».
 */
function Actor({ e }: { e: SecurityEvent }) {
  if (!e.actor) return <span className="muted">ناشناس</span>;
  const other = e.actor.phone_number !== e.phone_number;
  return (
    <>
      <span className="cell-main">{e.actor.name || toFaDigits(e.actor.phone_number)}</span>
      {e.actor.name && other && <span className="cell-sub num">{toFaDigits(e.actor.phone_number)}</span>}
    </>
  );
}

/** AdminSecurityEventsView is /admin-security-events_page. */
export default function AdminSecurityEventsView() {
  const { list, hasMore, loading, failed, load, more, reload } = usePagedList(fetchPage, (err) => errorText(err, LOAD_FAILED));
  const { form, set, apply, clear, dateErrorOf } = useDateFilterForm<SecurityFilterForm, SecurityEventsFilter>(EMPTY_SECURITY_FILTER, securityFilter, load);
  const narrow = useMediaQuery(NARROW_LIST);

  return (
    <div className="admin-page wide-screen stack owner-page">
      <PageHeader title={TITLE} />
      <FilterPanel label="فیلتر رویدادها" id="security-filters" onSubmit={apply}>
        <SelectField label="نوع رویداد" value={form.kind} onValue={set("kind")} options={KINDS} testid="security-filter-kind" />
        <SelectField label="نتیجه" value={form.outcome} onValue={set("outcome")} options={RESULTS} testid="security-filter-outcome" />
        <Field
          label="شماره موبایل"
          value={form.phone}
          onValue={set("phone")}
          inputMode="tel"
          autoComplete="off"
          placeholder="۰۹۱۲۱۲۳۴۵۶۷"
          data-testid="security-filter-phone"
        />
        <DateRangeFields from={form.from} to={form.to} onValue={set} errorOf={dateErrorOf} />
        <FilterActions busy={loading && list !== null} onClear={clear} />
      </FilterPanel>

      {list === null ? (
        <ListPending failed={!!failed} icon={<AlertIcon size={40} />} title={LOAD_FAILED} onRetry={reload} />
      ) : list.length === 0 ? (
        <StatusCard icon={<AlertIcon size={40} />} title="رویدادی یافت نشد" testid="security-events-empty" />
      ) : (
        <>
          <div data-testid="security-events">
            <DataList
              rows={list}
              columns={COLUMNS}
              rowKey={(e) => e.id}
              narrow={narrow}
              caption={TITLE}
              busy={loading}
              testid="security-event"
              rowAttrs={(e) => ({ "data-testid": `security-event-${e.id}`, "data-kind": e.kind, "data-outcome": e.outcome })}
            />
          </div>
          {hasMore && (
            <Button variant="secondary" className="audit-more" busy={loading} onClick={() => void more()} data-testid="security-events-more">
              نمایش موارد بیشتر
            </Button>
          )}
        </>
      )}
    </div>
  );
}
