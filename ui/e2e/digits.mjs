// The screens write numbers in Persian digits; the journeys read and write them the same way.

/** fa writes every Latin digit of s (a string or a number) as a Persian digit. */
export const fa = (s) => String(s).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d]);

/** latin reads every Persian digit of s as a Latin one and leaves the rest. */
export const latin = (s) => s.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
