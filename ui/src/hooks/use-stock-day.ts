// The day the drawer's screen shows (issue 39): the one its address names (?date=), else today as the server
// says it (its clock, not this PC's), else this PC's Tehran day while the server is not answering; that day's
// figures, replaced at once by the answer of a close, a reopening or a cash movement; and the days not closed yet.
import { useSearch } from "wouter";
import { stockApi } from "../api-stock";
import type { DrawerDay } from "../api-types";
import { dayOf, dayOfJalali } from "../lib/day-path";
import { DAY_MESSAGES as M } from "../lib/drawer-day";
import { formatJalaliValue, todayJalali } from "../lib/jalali";
import { useLoad } from "./use-load";

/** useStockDay loads the days not closed and the day shown. */
export function useStockDay() {
  const asked = dayOf(useSearch());
  const days = useLoad(() => stockApi.days(), M.daysFailed);
  const today = days.data?.today ?? (days.failed ? dayOfJalali(formatJalaliValue(todayJalali())) : null);
  const date = asked ?? today;
  const day = useLoad<DrawerDay | null>(() => (date ? stockApi.day(date) : Promise.resolve(null)), M.loadFailed, { deps: [date] });
  // after a change the day's answer is shown at once, then the day and the days not closed are asked again: the
  // cash movement's answer has been seen to miss the movement itself, which the next reading of the day shows
  const changed = (d: DrawerDay) => {
    if (d.date === date) day.setData(d);
    void day.refresh();
    void days.refresh();
  };
  return { date, today, day, unclosed: days.data?.unclosed ?? null, changed };
}
