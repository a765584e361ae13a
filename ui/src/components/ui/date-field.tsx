// A Jalali date typed as YYYY/MM/DD or picked from a calendar that loads on demand.
import { useState } from "react";
import { toFaDigits } from "../../lib/digits";
import type { JalaliDate } from "../../lib/jalali";
import { CalendarIcon } from "./icons";
import { lazy } from "../shell/lazy";
import { Field } from ".";

const JalaliCalendar = lazy(() => import("./jalali-calendar"));

type Props = {
  label: string;
  value: string;
  onValue: (v: string) => void;
  min: JalaliDate;
  max: JalaliDate;
  error?: string | null;
  id?: string;
  testid?: string;
  /** hint replaces the birth-date example under the field. */
  hint?: string;
  /** autoComplete replaces "bday" (a filter date is no birthday). */
  autoComplete?: string;
  /** initial is the month the calendar opens on while the field is empty. */
  initial?: JalaliDate;
  /** placeholder replaces the birth-date example inside the field. */
  placeholder?: string;
};

/** DateField is a Jalali date input with a calendar button. */
export function DateField({ label, value, onValue, min, max, error, id, testid, hint = "مثال: ۱۳۷۰/۰۱/۰۱", autoComplete = "bday", initial, placeholder = "۱۳۷۰/۰۱/۰۱" }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Field
        id={id}
        label={label}
        value={toFaDigits(value)}
        onValue={onValue}
        error={error}
        hint={hint}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        dir="ltr"
        className="date-field"
        data-testid={testid}
        onFocus={() => JalaliCalendar.preload()}
        end={
          <button type="button" className="icon-btn field-end" onClick={() => setOpen(true)} aria-label="انتخاب از تقویم" data-testid="date-picker-open">
            <CalendarIcon />
          </button>
        }
      />
      {open && (
        <JalaliCalendar
          value={value}
          min={min}
          max={max}
          initial={initial}
          title={label}
          onSelect={(v: string) => {
            onValue(v);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
