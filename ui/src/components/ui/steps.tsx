// The numbered steps over a form of several steps: the ones done and the current one in gold, joined by a line.
import { toFaDigits } from "../../lib/digits";
import "../../styles/steps.css";

/** Steps lists labels as numbered steps, current being the step the form is on. */
export function Steps({ labels, current, label }: { labels: readonly string[]; current: number; label: string }) {
  return (
    <ol className="steps" aria-label={label}>
      {labels.map((l, i) => (
        <li key={l} className={`step${i < current ? " done" : ""}${i === current ? " current" : ""}`} aria-current={i === current ? "step" : undefined}>
          <span className="step-dot">{toFaDigits(i + 1)}</span>
          {l}
        </li>
      ))}
    </ol>
  );
}
