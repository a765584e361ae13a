// The list state the admin screens share: loads where only the newest answer lands, the filter form with
// its Jalali date range, and the two ways a failed load shows (a retry card, or a banner for a while).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorText } from "../api";
import { toast } from "../components/toast";

type SetList<Row> = (update: (list: Row[] | null) => Row[] | null) => void;

/**
 * useLatestRows loads rows with fetchRows; when loads overlap only the newest one's outcome lands, and
 * loading stays true until it has. onDone runs after rows land, onFail after the newest load failed.
 */
function useLatestRows<Row, Q>(
  fetchRows: (query: Q) => Promise<Row[]>,
  onDone: () => void,
  onFail: (err: unknown, setList: SetList<Row>) => void,
) {
  const [list, setList] = useState<Row[] | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const load = async (query: Q) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await fetchRows(query);
      if (mine !== seq.current) return;
      setList(Array.isArray(rows) ? rows : []);
      onDone();
    } catch (err) {
      if (mine !== seq.current) return;
      onFail(err, setList);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  return { list, setList, loading, load };
}

/**
 * useAdminList is a filtered admin list loaded once with no filter. A failed load toasts loadError's text
 * and keeps it in failed until the next load succeeds; reload repeats the last filter.
 */
export function useAdminList<Row, Filter extends object>(
  fetchRows: (filter: Filter) => Promise<Row[]>,
  loadError: (err: unknown) => string,
) {
  const [failed, setFailed] = useState<string | null>(null);
  const applied = useRef<Filter>({} as Filter);
  const rows = useLatestRows(
    fetchRows,
    () => setFailed(null),
    (err) => {
      const text = loadError(err);
      setFailed(text);
      toast(text, "error");
    },
  );

  const load = (filter: Filter) => {
    applied.current = filter;
    return rows.load(filter);
  };
  const reload = () => load(applied.current);

  useEffect(() => void load({} as Filter), []);

  return { list: rows.list, loading: rows.loading, failed, load, reload };
}

/** Page is one page of a paged list and the cursor of the next ("" on the last page). */
export type Page<Row> = { rows: Row[]; next: string };

/**
 * usePagedList is useAdminList for a list served a page at a time (the audit log): load starts over with a
 * filter, more appends the next page of the same filter. Only the newest request's answer lands.
 */
export function usePagedList<Row, Filter extends object>(fetchPage: (filter: Filter, cursor: string) => Promise<Page<Row>>, loadError: (err: unknown) => string) {
  const [list, setList] = useState<Row[] | null>(null);
  const [next, setNext] = useState("");
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const applied = useRef<Filter>({} as Filter);
  const seq = useRef(0);

  const fetch = async (filter: Filter, cursor: string) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const page = await fetchPage(filter, cursor);
      if (mine !== seq.current) return;
      const rows = Array.isArray(page.rows) ? page.rows : [];
      setList((shown) => (cursor && shown ? [...shown, ...rows] : rows));
      setNext(page.next || "");
      setFailed(null);
    } catch (err) {
      if (mine !== seq.current) return;
      const text = loadError(err);
      setFailed(text);
      toast(text, "error");
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  const load = (filter: Filter) => {
    applied.current = filter;
    return fetch(filter, "");
  };
  const more = () => (next ? fetch(applied.current, next) : Promise.resolve());
  const reload = () => load(applied.current);

  useEffect(() => void load({} as Filter), []);

  return { list, hasMore: next !== "", loading, failed, load, more, reload };
}

/** BANNER_MS is how long a users list's error stays (admin.md §8: 5 s). */
export const BANNER_MS = 5000;

/**
 * useBannerList is an admin list first loaded with first. A failed load toasts and shows a banner for
 * BANNER_MS and leaves the rows already shown (or an empty list) in place; setList edits the rows shown.
 */
export function useBannerList<Row, Q>(fetchRows: (query: Q) => Promise<Row[]>, fallback: string, first: Q) {
  const [banner, setBanner] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const rows = useLatestRows(
    fetchRows,
    () => setBanner(null),
    (err, setList) => {
      const text = errorText(err, fallback);
      toast(text, "error", BANNER_MS);
      setBanner(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBanner(null), BANNER_MS);
      setList((list) => list ?? []);
    },
  );

  useEffect(() => {
    void rows.load(first);
    return () => clearTimeout(timer.current);
  }, []);

  return { list: rows.list, setList: rows.setList, loading: rows.loading, banner, load: rows.load };
}

/** FilterCheck is a filter form turned into a query, or why it cannot be applied. */
export type FilterCheck<Filter> = { ok: true; filter: Filter } | { ok: false; field: "from" | "to"; message: string };

/**
 * useDateFilterForm is a filter form with a from/to date range: apply checks it with toFilter and loads
 * the result (or marks the bad date and toasts why), clear empties it and loads with no filter.
 */
export function useDateFilterForm<Form extends object, Filter extends object>(
  empty: Form,
  toFilter: (form: Form) => FilterCheck<Filter>,
  load: (filter: Filter) => unknown,
) {
  const [form, setForm] = useState<Form>(empty);
  const [dateError, setDateError] = useState<{ field: "from" | "to"; message: string } | null>(null);

  const set = (key: keyof Form) => (v: string) => {
    setForm((f) => ({ ...f, [key]: v }));
    if (key === "from" || key === "to") setDateError(null);
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const out = toFilter(form);
    if (!out.ok) {
      setDateError({ field: out.field, message: out.message });
      toast(out.message, "error");
      return;
    }
    setDateError(null);
    void load(out.filter);
  };

  const clear = () => {
    setForm(empty);
    setDateError(null);
    void load({} as Filter);
  };

  /** dateErrorOf is the message to show under the from or the to field. */
  const dateErrorOf = (field: "from" | "to") => (dateError?.field === field ? dateError.message : null);

  return { form, setForm, set, apply, clear, dateErrorOf };
}
