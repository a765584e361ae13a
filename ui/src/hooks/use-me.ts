import { api, saveUser, type Me } from "../api";
import { useLoad } from "./use-load";

/** useMe loads GET /api/users/me once (useLoad); a failure other than an ended session shows fallback. */
export function useMe(fallback = "خطا در دریافت اطلاعات کاربر"): { me: Me | null; failed: boolean } {
  const { data: me, failed } = useLoad(() => api.me(), fallback, { onData: (m) => saveUser(m.user) });
  return { me, failed };
}
