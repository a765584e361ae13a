// The vault (issue 17). api.ts re-exports every shape (api-types/index.ts).

/** VaultKind is what a vault item is: a coded bar, a coin, melted gold or jewellery stock. */
export type VaultKind = "bar" | "coin" | "melted" | "jewellery";

/** VaultItem is one of the shop's physical holdings (issue 17); weight750 is the server's. */
export type VaultItem = {
  id: number;
  kind: VaultKind;
  description: string;
  weight: string;
  purity: string;
  weight750: string;
  lab: string;
  ingot_number: string;
  standard_code: string;
  production_code: string;
  tracking_code: string;
  status: "in" | "out";
  requestable: boolean;
  /** bar_id is set on an abshodeh bar's item. */
  bar_id?: number;
  /** a piece's counter fields (issue 38): its tag code, category and default wage (a percent "18.00", or rial per gram) */
  tag?: string;
  category?: string;
  wage_percent?: string;
  wage_rial_per_gram?: number;
  /** assay is "unassayed" on a buy-back's lot */
  assay?: string;
  created_at: string;
  updated_at: string;
};

/** VaultItemForm is the body of POST and PUT /api/admin/vault. */
export type VaultItemForm = {
  kind: VaultKind;
  description: string;
  weight: string;
  purity: string;
  lab: string;
  ingot_number: string;
  standard_code: string;
  production_code: string;
  tracking_code: string;
  /** a piece's tag code, category and default wage: a percent, or rial per gram (one of the two) */
  tag?: string;
  category?: string;
  wage_percent?: string;
  wage_rial_per_gram?: string;
  /** assay "unassayed" marks melted gold added at its estimated purity, for the melter (POST only, issue 39) */
  assay?: "unassayed";
  note?: string;
};

/** VaultTotal is what the vault holds of one kind. */
export type VaultTotal = { kind: VaultKind; count: number; weight750: string };

/** Vault is GET /api/admin/vault: the items shown, the totals of what is in and the 750-equivalent held. */
export type Vault = { items: VaultItem[]; totals: VaultTotal[]; held: string };

/** VaultOutReason is why the owner takes an item out (a delivery is recorded on its gold request). */
export type VaultOutReason = "sold" | "melted" | "corrected";

/** VaultMove is one entry of an item's history; the figures only where the move changed them. */
export type VaultMove = {
  id: number;
  kind: "received" | "delivered" | "sold" | "melted" | "corrected" | "returned";
  delta750: string;
  weight_before?: string;
  weight_after?: string;
  purity_before?: string;
  purity_after?: string;
  status_after: "in" | "out";
  note: string;
  admin_id?: number;
  gold_request_id?: number;
  created_at: string;
};
