// The calls of the shop's stock and day (issue 39), apart from api.ts and api-admin.ts so that they come with the
// screens that use them: a tag's barcode, the melts and their results, the drawer's day, its close and the
// owner's cash movements. The POSTs the API keeps once per key carry an Idempotency-Key (idem).
import { idem, request } from "./api";
import type {
  DrawerDay, DrawerMoveBody, MeltBatch, MeltResultBody, Melts, MeltSendBody, Message, UnclosedDays,
} from "./api-types";

type Answer<K extends string, T> = Message & { [k in K]: T };

/** barcodeUrl is where a tag's Code 128 image is: drawn by the server, signed by the cookie session. */
export const barcodeUrl = (tag: string) => `/api/admin/vault/barcode/${encodeURIComponent(tag)}.png`;

/** stockApi lists the calls: staff read and close the day; the owner sends melts, enters results, moves cash, reopens. */
export const stockApi = {
  melts: () => request<Melts>("GET", "/api/admin/vault/melts"),
  sendMelt: (body: MeltSendBody, key: string) => request<Answer<"batch", MeltBatch>>("POST", "/api/admin/vault/melts", body, idem(key)),
  meltResult: (id: number, body: MeltResultBody, key: string) =>
    request<Answer<"batch", MeltBatch>>("POST", `/api/admin/vault/melts/${id}/result`, body, idem(key)),
  cancelMelt: (id: number, note: string) => request<Answer<"batch", MeltBatch>>("POST", `/api/admin/vault/melts/${id}/cancel`, { note }),

  days: () => request<UnclosedDays>("GET", "/api/admin/counter/days"),
  day: (date: string) => request<DrawerDay>("GET", `/api/admin/counter/days/${date}`),
  closeDay: (date: string, counted_cash: string, note: string, key: string) =>
    request<Answer<"day", DrawerDay>>("POST", `/api/admin/counter/days/${date}/close`, { counted_cash, note }, idem(key)),
  reopenDay: (date: string, reason: string) => request<Answer<"day", DrawerDay>>("POST", `/api/admin/counter/days/${date}/reopen`, { reason }),
  moveCash: (body: DrawerMoveBody, key: string) => request<Answer<"day", DrawerDay>>("POST", "/api/admin/counter/drawer", body, idem(key)),
};
