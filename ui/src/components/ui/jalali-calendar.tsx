// A Jalali month calendar in a dialog. Loaded only when a date field's calendar is opened.
//
// Own code instead of a date picker package: the React pickers for the Jalali calendar inject
// their styles with inline <style> elements, which the shop's strict CSP blocks.
import { useEffect, useRef, useState } from "react";
import { toGregorian } from "jalaali-js";
import { toFaDigits } from "../../lib/digits";
import {
  compareJalali, formatJalaliValue, JALALI_MONTHS, jalaliMonthDays, parseJalaliValue, type JalaliDate,
} from "../../lib/jalali";
import { ChevronIcon, ChevronStartIcon, CloseIcon } from "./icons";
import "../../styles/calendar.css";

const WEEK_DAYS = ["ش", "ی", "د", "س", "چ", "پ", "ج"];
const WEEK_DAY_NAMES = ["شنبه", "یکشنبه", "دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه"];

/** saturdayIndex is the column of a Jalali day in a week that starts on Saturday. */
function saturdayIndex(jy: number, jm: number, jd: number): number {
  const g = toGregorian(jy, jm, jd);
  return (new Date(Date.UTC(g.gy, g.gm - 1, g.gd)).getUTCDay() + 1) % 7;
}

type Props = {
  value: string;
  min: JalaliDate;
  max: JalaliDate;
  title: string;
  /** initial is the month shown while no day is chosen (default 1370/01, the birth-date case). */
  initial?: JalaliDate;
  onSelect: (value: string) => void;
  onClose: () => void;
};

/** JalaliCalendar lets the user pick a day between min and max. */
export default function JalaliCalendar({ value, min, max, title, initial, onSelect, onClose }: Props) {
  const chosen = parseJalaliValue(value);
  const start = chosen ?? initial ?? (compareJalali({ jy: 1370, jm: 1, jd: 1 }, max) <= 0 ? { jy: 1370, jm: 1, jd: 1 } : max);
  const [view, setView] = useState({ jy: start.jy, jm: start.jm });
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const focusDay = dialog.current?.querySelector<HTMLElement>(".cal-day.selected:not(:disabled)")
      ?? dialog.current?.querySelector<HTMLElement>(".cal-month");
    focusDay?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus?.();
    };
  }, []);

  const clampView = (jy: number, jm: number) => {
    if (jm < 1) {
      jy -= 1;
      jm = 12;
    } else if (jm > 12) {
      jy += 1;
      jm = 1;
    }
    if (jy < min.jy || (jy === min.jy && jm < min.jm)) return { jy: min.jy, jm: min.jm };
    if (jy > max.jy || (jy === max.jy && jm > max.jm)) return { jy: max.jy, jm: max.jm };
    return { jy, jm };
  };
  const move = (delta: number) => setView((v) => clampView(v.jy, v.jm + delta));

  const days = jalaliMonthDays(view.jy, view.jm);
  const lead = saturdayIndex(view.jy, view.jm, 1);
  const cells: (number | null)[] = [...Array(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const years: number[] = [];
  for (let y = max.jy; y >= min.jy; y--) years.push(y);
  const atMin = view.jy === min.jy && view.jm === min.jm;
  const atMax = view.jy === max.jy && view.jm === max.jm;

  return (
    <div className="cal-root">
      <div className="cal-backdrop" onClick={onClose} />
      <div className="cal-dialog card" role="dialog" aria-modal="true" aria-label={title} ref={dialog} data-testid="date-picker">
        <div className="cal-head">
          <h2 className="cal-title">{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="بستن تقویم">
            <CloseIcon />
          </button>
        </div>
        <div className="cal-nav">
          <button type="button" className="icon-btn" onClick={() => move(-1)} disabled={atMin} aria-label="ماه قبل">
            <ChevronStartIcon />
          </button>
          <select
            className="input cal-month"
            aria-label="ماه"
            value={String(view.jm)}
            onChange={(e) => setView(clampView(view.jy, Number((e.currentTarget as HTMLSelectElement).value)))}
          >
            {JALALI_MONTHS.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
          <select
            className="input cal-year"
            aria-label="سال"
            value={String(view.jy)}
            onChange={(e) => setView(clampView(Number((e.currentTarget as HTMLSelectElement).value), view.jm))}
          >
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {toFaDigits(y)}
              </option>
            ))}
          </select>
          <button type="button" className="icon-btn" onClick={() => move(1)} disabled={atMax} aria-label="ماه بعد">
            <ChevronIcon />
          </button>
        </div>
        <div className="cal-grid" role="grid">
          <div className="cal-row" role="row">
            {WEEK_DAYS.map((d, i) => (
              <span key={d} className="cal-weekday" role="columnheader" title={WEEK_DAY_NAMES[i]}>
                {d}
              </span>
            ))}
          </div>
          {Array.from({ length: cells.length / 7 }, (_, r) => (
            <div className="cal-row" role="row" key={r}>
              {cells.slice(r * 7, r * 7 + 7).map((d, i) => {
                if (d === null) return <span key={i} className="cal-empty" role="gridcell" />;
                const date = { jy: view.jy, jm: view.jm, jd: d };
                const off = compareJalali(date, min) < 0 || compareJalali(date, max) > 0;
                const selected = !!chosen && compareJalali(date, chosen) === 0;
                return (
                  <span role="gridcell" key={i}>
                    <button
                      type="button"
                      className={`cal-day${selected ? " selected" : ""}`}
                      disabled={off}
                      aria-pressed={selected}
                      aria-label={`${toFaDigits(d)} ${JALALI_MONTHS[view.jm - 1]} ${toFaDigits(view.jy)}`}
                      data-testid={`cal-day-${d}`}
                      onClick={() => onSelect(formatJalaliValue(date))}
                    >
                      {toFaDigits(d)}
                    </button>
                  </span>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
