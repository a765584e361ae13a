// The days the drawer moved that are not closed yet (issue 39), each a link to its day: on the day's screen, and
// as a short notice on the admin panel, which says nothing while every day is closed (or the list fails). Its
// looks are stock.css's and owner.css's (the notices), which the screens showing it load: a style sheet of its
// own would make it, and the two screens' code, a chunk of its own.
import { Link } from "wouter";
import type { UnclosedDays as Days } from "../../api-types";
import { stockApi } from "../../api-stock";
import { useLoad } from "../../hooks/use-load";
import { dayPath, dayTitle } from "../../lib/day-path";
import { toFaDigits } from "../../lib/digits";
import { AlertIcon } from "../ui/icons";
import { LinkButton } from "../ui";

type Props = { days: Days["unclosed"]; today: string | null; current?: string | null };

/** UnclosedDayLinks lists the days not closed, the day shown marked. */
export function UnclosedDayLinks({ days, today, current }: Props) {
  return (
    <ul className="choice-chips">
      {days.map((d) => (
        <li key={d.date}>
          <Link href={dayPath(d.date)} className="choice-chip" aria-current={d.date === current ? "page" : undefined} data-testid="unclosed-day" data-date={d.date}>
            {dayTitle(d.date, today)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** UnclosedDaysNotice is the admin panel's notice of the days not closed. */
export function UnclosedDaysNotice() {
  const { data } = useLoad(() => stockApi.days(), "", { onError: () => true });
  const days = data?.unclosed ?? [];
  if (!days.length) return null;
  const earlier = days.some((d) => d.date !== data?.today);
  return (
    <section className={`card notice ${earlier ? "notice-warn" : "notice-info"}`} aria-labelledby="unclosed-title" data-testid="unclosed-days-notice">
      <span className="notice-icon">
        <AlertIcon size={28} />
      </span>
      <div className="notice-body">
        <h2 id="unclosed-title" className="notice-title">
          {days.length === 1 && !earlier ? "صندوق امروز هنوز بسته نشده است" : `صندوق ${toFaDigits(days.length)} روز بسته نشده است`}
        </h2>
        <p>پایان هر روز نقد صندوق را بشمارید و صندوق را ببندید؛ موجودی پایانی هر روز موجودی اول روز بعد است.</p>
        {days.length > 1 && <UnclosedDayLinks days={days} today={data?.today ?? null} />}
        <div className="notice-actions">
          <LinkButton href={dayPath(days[0].date)} data-testid="unclosed-days-link">
            صندوق روز
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
