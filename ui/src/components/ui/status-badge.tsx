import type { ReactNode } from "react";
import type { Tone } from "../../lib/labels";

/**
 * StatusBadge is the small coloured label of both sides: a status (yellow waiting, green done, red refused,
 * grey other) or, in blue, a kind. The tones come from lib/labels.ts.
 */
export function StatusBadge({ tone, children, testid }: { tone: Tone; children: ReactNode; testid?: string }) {
  return (
    <span className={`status-pill tone-${tone}`} data-testid={testid}>
      {children}
    </span>
  );
}
