// A page's own title in the tab, for the pages that follow a screen's path (the vault's labels and melts,
// issue 39): the app writes the screen's title from its row (app.tsx) whenever the location changes, so a
// page of the row writes its own after that.
import { useEffect } from "react";
import { useShop } from "./use-shop";

/** usePageTitle names the tab "title | the shop" while title is not null. */
export function usePageTitle(title: string | null): void {
  const { name } = useShop();
  useEffect(() => {
    if (!title) return;
    let alive = true;
    // the app's effect for the same location runs after this one (a parent's effects follow its children's):
    // write once the commit's effects are done
    queueMicrotask(() => {
      if (alive) document.title = `${title} | ${name}`;
    });
    return () => {
      alive = false;
    };
  }, [title, name]);
}
