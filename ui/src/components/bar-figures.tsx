// A bar's purity and weights, with its lab and ingot number when asked: the cards of the gold requests.
import type { Bar } from "../api";
import { formatPurity } from "../lib/gold-request";
import { toFaDigits } from "../lib/digits";
import { Gold } from "./amounts";

type Figures = Pick<Bar, "rey" | "ang" | "ayar" | "vazn" | "vazn750">;

/** BarFigures is a bar's purity and weights on a phone card, with its lab and ingot number when asked. */
export function BarFigures({ bar, withLab, testid }: { bar: Figures; withLab?: boolean; testid?: string }) {
  return (
    <dl className="bar-figures">
      {withLab && (
        <>
          <div className="bar-figure-wide">
            <dt className="bar-figure-label">آزمایشگاه (ری)</dt>
            <dd className="bar-figure-value">{bar.rey}</dd>
          </div>
          <div>
            <dt className="bar-figure-label">شماره انگ</dt>
            <dd className="bar-figure-value">{toFaDigits(bar.ang)}</dd>
          </div>
        </>
      )}
      <div>
        <dt className="bar-figure-label">عیار</dt>
        <dd className="bar-figure-value">{formatPurity(bar.ayar)}</dd>
      </div>
      <div>
        <dt className="bar-figure-label">وزن</dt>
        <dd>
          <Gold value={bar.vazn} />
        </dd>
      </div>
      <div>
        <dt className="bar-figure-label">وزن ۷۵۰</dt>
        <dd>
          <Gold value={bar.vazn750} testid={testid} />
        </dd>
      </div>
    </dl>
  );
}
