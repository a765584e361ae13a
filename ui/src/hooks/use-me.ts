import { useEffect, useState } from "react";
import { api, ApiError, errorText, saveUser, type Me } from "../api";
import { toast } from "../components/toast";

/** useMe loads GET /api/users/me once; a failure other than an ended session shows fallback. */
export function useMe(fallback = "خطا در دریافت اطلاعات کاربر"): { me: Me | null; failed: boolean } {
  const [me, setMe] = useState<Me | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    api
      .me()
      .then((m) => {
        if (!alive) return;
        setMe(m);
        saveUser(m.user);
      })
      .catch((err) => {
        if (!alive) return;
        setFailed(true);
        // an ended session is announced by the app itself
        if (!(err instanceof ApiError && err.status === 401)) toast(errorText(err, fallback), "error");
      });
    return () => {
      alive = false;
    };
  }, []);
  return { me, failed };
}
