// The log of changes (owner only): who changed what and when, newest first, filtered by person, kind and
// Jalali days, a page at a time; each entry's fields before and after.
import { errorText, type AuditEntry, type AuditFilter, type StaffMember } from "../api";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/ui/filter-panel";
import { ListPending } from "../components/ui/list-pending";
import { SelectField } from "../components/ui/select-field";
import { AuditChanges } from "../components/notices/audit-changes";
import { DataList, type Column } from "../components/ui/data-list";
import { HistoryIcon } from "../components/ui/icons";
import { Button, PageHeader, StatusCard } from "../components/ui";
import { useDateFilterForm, usePagedList } from "../hooks/use-admin-list";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { AUDIT_KINDS, auditFilter, auditKindLabel, COMMAND_LINE, EMPTY_AUDIT_FILTER, type AuditFilterForm } from "../lib/audit";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTime } from "../lib/jalali";
import { fullName } from "../lib/labels";
import "../styles/admin.css";
import "../styles/owner.css";
import { adminApi } from "../api-admin";

const LOAD_FAILED = "خطا در دریافت گزارش تغییرات";
const KINDS = [{ value: "", label: "همه" }, ...AUDIT_KINDS];

const fetchPage = async (filter: AuditFilter, cursor: string) => {
  const page = await adminApi.audit(cursor ? { ...filter, cursor } : filter);
  return { rows: page?.items ?? [], next: page?.next_cursor ?? "" };
};

const COLUMNS: Column<AuditEntry>[] = [
  { label: "چه تغییری", head: true, className: "strong", cell: (e) => auditKindLabel(e.kind) },
  { label: "زمان", head: true, className: "muted small nowrap", cell: (e) => formatJalaliDateTime(e.at) },
  {
    label: "چه کسی",
    cell: (e) =>
      e.actor ? (
        <>
          <span className="cell-main">{e.actor.name || toFaDigits(e.actor.phone_number)}</span>
          {e.actor.name && <span className="cell-sub">{toFaDigits(e.actor.phone_number)}</span>}
        </>
      ) : (
        <span className="muted">{COMMAND_LINE}</span>
      ),
  },
  { label: "جزئیات", wide: true, className: "audit-cell", cell: (e) => <AuditChanges before={e.before} after={e.after} /> },
];

/** AdminAuditView is /admin-audit_page. */
export default function AdminAuditView() {
  const { list, hasMore, loading, failed, load, more, reload } = usePagedList(fetchPage, (err) => errorText(err, LOAD_FAILED));
  const { form, set, apply, clear, dateErrorOf } = useDateFilterForm<AuditFilterForm, AuditFilter>(EMPTY_AUDIT_FILTER, auditFilter, load);
  const narrow = useMediaQuery(NARROW_LIST);
  const people = usePeople();

  return (
    <div className="admin-page wide-screen stack owner-page">
      <PageHeader title="گزارش تغییرات" />
      <FilterPanel label="فیلتر گزارش" id="audit-filters" formClass="audit-filters" onSubmit={apply}>
        <SelectField label="شخص" value={form.actor} onValue={set("actor")} options={people} testid="filter-actor" />
        <SelectField label="نوع تغییر" value={form.kind} onValue={set("kind")} options={KINDS} testid="filter-kind" />
        <DateRangeFields from={form.from} to={form.to} onValue={set} errorOf={dateErrorOf} />
        <FilterActions busy={loading && list !== null} onClear={clear} />
      </FilterPanel>

      {list === null ? (
        <ListPending failed={!!failed} icon={<HistoryIcon size={40} />} title={LOAD_FAILED} onRetry={reload} />
      ) : list.length === 0 ? (
        <StatusCard icon={<HistoryIcon size={40} />} title="تغییری یافت نشد" testid="audit-empty" />
      ) : (
        <>
          <DataList
            rows={list}
            columns={COLUMNS}
            rowKey={(e) => e.id}
            narrow={narrow}
            caption="گزارش تغییرات"
            busy={loading}
            testid="audit-row"
            rowAttrs={(e) => ({ "data-id": e.id, "data-kind": e.kind })}
          />
          {hasMore && (
            <Button variant="secondary" className="audit-more" busy={loading} onClick={() => void more()} data-testid="audit-more">
              نمایش موارد بیشتر
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** usePeople is the person filter's options: everyone, then each owner and staff member. */
function usePeople() {
  // without the list the filter still offers everyone, so a failed load says nothing
  const { data } = useLoad(() => adminApi.staff(), "", { onError: () => true });
  const staff: StaffMember[] = Array.isArray(data) ? data : [];
  return [
    { value: "", label: "همه" },
    ...staff.map((m) => ({ value: String(m.id), label: fullName(m.first_name, m.last_name, toFaDigits(m.phone_number)) })),
  ];
}
