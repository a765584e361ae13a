// The rows ticked in a list (issue 39): the vault's items whose labels are printed, the lots sent to the melter.
// The ids stay in the order they were ticked, across the list's reloads and filters.
import { useState } from "react";

/** Picks is a list's ticked ids and the ways to change them. */
export type Picks = {
  ids: number[];
  has: (id: number) => boolean;
  toggle: (id: number) => void;
  /** allOf says every row given is ticked; toggleAll ticks them all, or unticks them all when they are. */
  allOf: (rows: readonly { id: number }[]) => boolean;
  toggleAll: (rows: readonly { id: number }[]) => void;
  /** keep leaves ticked only the ids that are still rows (after a reload), clear unticks everything. */
  keep: (rows: readonly { id: number }[]) => void;
  clear: () => void;
};

/** useStockPicks keeps a list's ticked rows. */
export function useStockPicks(): Picks {
  const [ids, setIds] = useState<number[]>([]);
  const allOf = (rows: readonly { id: number }[]) => rows.length > 0 && rows.every((r) => ids.includes(r.id));
  return {
    ids,
    has: (id) => ids.includes(id),
    toggle: (id) => setIds((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id])),
    allOf,
    toggleAll: (rows) =>
      setIds((now) => {
        const shown = rows.map((r) => r.id);
        return shown.every((id) => now.includes(id)) ? now.filter((id) => !shown.includes(id)) : [...now, ...shown.filter((id) => !now.includes(id))];
      }),
    keep: (rows) => setIds((now) => now.filter((id) => rows.some((r) => r.id === id))),
    clear: () => setIds([]),
  };
}
