// What a list shows before its first rows.
import type { ReactNode } from "react";
import { LoadFailed, Loading } from "./index";

/** ListPending stands in for a list before its first rows: a spinner, or a retry card once loading failed. */
export function ListPending({ failed, icon, title, onRetry }: { failed: boolean; icon: ReactNode; title: string; onRetry: () => void }) {
  return failed ? <LoadFailed icon={icon} title={title} onRetry={onRetry} /> : <Loading />;
}
