import type { ComponentChildren } from "preact";
import type { Tone } from "../lib/labels";

/** StatusBadge is a small coloured label: yellow waiting, green done, red refused, grey other. */
export function StatusBadge({ tone, children }: { tone: Tone; children: ComponentChildren }) {
  return <span class={`status-pill tone-${tone}`}>{children}</span>;
}
