// An 80 mm thermal roll has no page length: the printed receipt should be as long as the invoice, no blank roll
// after it and no cut through it. The roll's page (@page invoice-roll in invoice-print.css) is given the
// document's own length, measured as it is drawn at the roll's width on screen (the same styles as on paper),
// through the style sheet's own rule (the CSP allows no inline style), and given back when the page is left.
import { useEffect, type RefObject } from "react";

/** ROLL_PAGE is the named page of the roll; ROLL_SLACK_MM covers its top and bottom margins and a little more. */
const ROLL_PAGE = "invoice-roll";
const ROLL_SLACK_MM = 8;
const MM_PER_PX = 25.4 / 96;

/** rollRule finds the roll's @page rule among the page's style sheets. */
function rollRule(): CSSPageRule | null {
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a sheet of another origin (none today) cannot be read
    }
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSPageRule && rule.selectorText.trim() === ROLL_PAGE) return rule;
    }
  }
  return null;
}

/** useRollLength sizes the roll's page to the element's length while on is true. */
export function useRollLength(el: RefObject<HTMLElement | null>, on: boolean): void {
  useEffect(() => {
    const doc = el.current;
    const rule = on && doc && typeof ResizeObserver !== "undefined" ? rollRule() : null;
    if (!rule || !doc) return;
    const first = rule.style.getPropertyValue("size");
    const fit = () => {
      const mm = Math.ceil(doc.getBoundingClientRect().height * MM_PER_PX) + ROLL_SLACK_MM;
      rule.style.setProperty("size", `80mm ${Math.max(mm, 80)}mm`);
    };
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(doc);
    return () => {
      watch.disconnect();
      rule.style.setProperty("size", first);
    };
  }, [on]);
}
