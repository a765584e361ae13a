// The vault's own pages under its path (issue 39): /admin-vault_page itself, its labels print page
// (/admin-vault_page/labels?ids=…&size=…) and its melts (/admin-vault_page/melts). They are segments of the vault's
// row of screens.ts, not rows of their own: every row is on the first load of every page (the customer's too).
import type { LabelSize } from "./tag-labels";

/** VAULT_PATH is the vault screen; MELTS_PATH its melts and assays. */
export const VAULT_PATH = "/admin-vault_page";
export const MELTS_PATH = `${VAULT_PATH}/melts`;

/** VaultPage is which of the vault's pages a path opens: the vault, its labels, its melts. */
export type VaultPage = "vault" | "labels" | "melts";

/** vaultPageOf reads the page off a path of the vault's row; null for a segment that is none of them. */
export function vaultPageOf(path: string): VaultPage | null {
  const segments = path.split(/[?#]/)[0].replace(/\/+$/, "").split("/").filter(Boolean);
  if (segments.length < 2) return "vault";
  const page = segments.length === 2 ? segments[1].toLowerCase() : "";
  return page === "labels" || page === "melts" ? page : null;
}

/** labelsPath is the labels print page of the items ids, on the paper size (the A4 sheet unless told). */
export function labelsPath(ids: readonly number[], size?: LabelSize): string {
  const q = new URLSearchParams({ ids: ids.join(",") });
  if (size && size !== "a4") q.set("size", size);
  return `${VAULT_PATH}/labels?${q.toString().replace(/%2C/g, ",")}`;
}
