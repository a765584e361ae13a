// The day chooser of the drawer's screen (issue 39): a Jalali date typed or picked from the calendar, the day
// before and after, and back to today; the day is the page's address (?date=), so a day is a link.
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { addDays, dayOfJalali, dayPath, jalaliOfDay } from "../../lib/day-path";
import { DAY_MESSAGES as M } from "../../lib/drawer-day";
import { toLatinDigits } from "../../lib/digits";
import { todayJalali } from "../../lib/jalali";
import { DateField } from "../ui/date-field";
import { Button } from "../ui";

type Props = { date: string; today: string | null };

/** FIRST_DAY is the earliest day the chooser's calendar offers. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

/** DayChooser picks the day shown. */
export function DayChooser({ date, today }: Props) {
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(jalaliOfDay(date));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setTyped(jalaliOfDay(date)), [date]);
  const go = (day: string) => navigate(dayPath(day));

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const day = dayOfJalali(typed);
    if (!day) return setError(M.badDay);
    setError(null);
    if (day !== date) go(day);
  };
  // a whole date (picked from the calendar, or typed to its last digit) is shown at once; a part waits for Enter
  const pick = (v: string) => {
    setTyped(v);
    setError(null);
    const day = /^\d{4}\/\d{2}\/\d{2}$/.test(toLatinDigits(v.trim())) ? dayOfJalali(v) : null;
    if (day && day !== date) go(day);
  };

  return (
    <form className="card day-chooser" onSubmit={submit} noValidate aria-label="انتخاب روز" data-testid="day-chooser">
      <DateField
        label="روز"
        value={typed}
        onValue={pick}
        error={error}
        min={FIRST_DAY}
        max={todayJalali()}
        hint="روز را بنویسید یا از تقویم انتخاب کنید، سپس اینتر"
        autoComplete="off"
        placeholder="۱۴۰۵/۰۱/۰۱"
        testid="day-date"
      />
      <div className="day-steps" role="group" aria-label="روز دیگر">
        <Button variant="secondary" className="btn-sm" onClick={() => go(addDays(date, -1))} data-testid="day-prev">
          روز قبل
        </Button>
        {today && date !== today && (
          <Button variant="ghost" className="btn-sm" onClick={() => go(today)} data-testid="day-today">
            امروز
          </Button>
        )}
        <Button variant="secondary" className="btn-sm" disabled={!!today && date >= today} onClick={() => go(addDays(date, 1))} data-testid="day-next">
          روز بعد
        </Button>
      </div>
    </form>
  );
}
