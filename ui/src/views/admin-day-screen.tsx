// «صندوق روز» (/admin-day_page?date=YYYY-MM-DD, issue 39): the drawer's Tehran day at the counter, today unless the
// address names another. Its cash from the morning's count to what the drawer should hold, the other ways money
// came and went, the gold, the invoices, voids and VAT; the owner's cash movements (and, today, the owner's form
// to move cash); the close, by staff or the owner, with the difference it leaves, and a closed day's close, which
// the owner may open again. The days not closed yet are links above. Loaded by admin-day-view.tsx, the row's.
import { StatusBadge } from "../components/ui/status-badge";
import { DayChooser } from "../components/stock/day-chooser";
import { DayClosed, DayCloseForm } from "../components/stock/day-close";
import { DayCash, DayFigures, DayMoves } from "../components/stock/day-figures";
import { DrawerMoveForm } from "../components/stock/drawer-move-form";
import { UnclosedDayLinks } from "../components/stock/unclosed-days";
import { CalendarIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { LinkButton, Loading, PageHeader } from "../components/ui";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { useStockDay } from "../hooks/use-stock-day";
import { dayTitle } from "../lib/day-path";
import { DAY_MESSAGES as M } from "../lib/drawer-day";
import { roleOf } from "../lib/routes";
import "../styles/admin.css";
import "../styles/stock.css";

/** AdminDayScreen is the drawer's day. */
export default function AdminDayScreen() {
  const owner = roleOf(useSession().user) === "owner";
  const narrow = useMediaQuery(NARROW_LIST);
  const { date, today, day, unclosed, changed } = useStockDay();
  const d = day.data?.date === date ? day.data : null;

  return (
    <div className="admin-page wide-screen stack day-page">
      <PageHeader title="صندوق روز">
        <LinkButton href="/admin-counter_page" variant="secondary" className="btn btn-secondary btn-sm counter-open" data-testid="day-counter">
          پیشخوان
        </LinkButton>
      </PageHeader>
      {!date ? (
        <Loading />
      ) : (
        <>
          <DayChooser date={date} today={today} />
          {unclosed && unclosed.some((u) => u.date !== date) && (
            <section className="card day-unclosed" aria-labelledby="day-unclosed-title" data-testid="day-unclosed">
              <h2 id="day-unclosed-title" className="section-title">
                روزهای بسته‌نشده
              </h2>
              <UnclosedDayLinks days={unclosed} today={today} current={date} />
            </section>
          )}
          <div className="day-head">
            <h2 className="day-title" data-testid="day-title">{`صندوق ${dayTitle(date, today)}`}</h2>
            {d && (
              <StatusBadge tone={d.closed ? "muted" : "ok"} testid="day-state">
                {d.closed ? "بسته شده" : "باز"}
              </StatusBadge>
            )}
          </div>
          {!d ? (
            <ListPending failed={day.failed} icon={<CalendarIcon size={40} />} title={M.loadFailed} onRetry={day.reload} />
          ) : (
            <div className="day-grid" aria-busy={day.loading}>
              <div className="stack day-main">
                <DayCash day={d} />
                <DayFigures day={d} />
                <DayMoves moves={d.moves} narrow={narrow} />
              </div>
              <div className="stack day-side">
                {d.closed ? <DayClosed day={d} onDay={changed} owner={owner} /> : <DayCloseForm key={d.date} day={d} onDay={changed} />}
                {owner && !d.closed && date === today && <DrawerMoveForm onDay={changed} />}
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
