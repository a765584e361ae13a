// The list state the admin screens share, on useLoad (only the newest answer lands): the filter form with
// its Jalali date range, and the two ways a failed load shows (a retry card, or a banner for a while).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { errorText } from "../api";
import { toast } from "../components/ui/toast";
import { useLoad, type LoadOptions } from "./use-load";

/**
 * useRows is useLoad for rows fetched with a query: load(query) asks again with a new one, reload with the
 * last. A missing list lands as an empty one. Failures are the caller's to tell (its onError).
 */
function useRows<Row, Q>(fetchRows: (query: Q) => Promise<Row[]>, first: Q, opts: LoadOptions<Row[]>) {
  const asked = useRef(first);
  const rows = useLoad(async () => {
    const list = await fetchRows(asked.current);
    return Array.isArray(list) ? list : [];
  }, "", opts);
  const load = (query: Q) => {
    asked.current = query;
    return rows.reload();
  };
  return { ...rows, load };
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
  const rows = useRows(fetchRows, {} as Filter, {
    onData: () => setFailed(null),
    onError: (err) => {
      const text = loadError(err);
      setFailed(text);
      toast(text, "error");
      return true;
    },
  });
  const reload = () => rows.reload();

  return { list: rows.data, loading: rows.loading, failed, load: rows.load, reload };
}

/** Page is one page of a paged list and the cursor of the next ("" on the last page). */
export type Page<Row> = { rows: Row[]; next: string };

/**
 * usePagedList is useAdminList for a list served a page at a time (the audit log): load starts over with a
 * filter, more appends the next page of the same filter. Only the newest request's answer lands.
 */
export function usePagedList<Row, Filter extends object>(fetchPage: (filter: Filter, cursor: string) => Promise<Page<Row>>, loadError: (err: unknown) => string) {
  const [list, setList] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const asked = useRef({ filter: {} as Filter, cursor: "" });
  const page = useLoad(
    async () => {
      const { filter, cursor } = asked.current;
      const answer = await fetchPage(filter, cursor);
      return { rows: Array.isArray(answer.rows) ? answer.rows : [], next: answer.next || "", cursor };
    },
    "",
    {
      // a first page replaces the list, a further one adds to it
      onData: ({ rows, cursor }) => {
        setList((shown) => (cursor && shown ? [...shown, ...rows] : rows));
        setFailed(null);
      },
      onError: (err) => {
        const text = loadError(err);
        setFailed(text);
        toast(text, "error");
        return true;
      },
    },
  );
  const next = page.data?.next ?? "";

  const load = (filter: Filter) => {
    asked.current = { filter, cursor: "" };
    return page.reload();
  };
  const more = () => {
    if (!next) return Promise.resolve();
    asked.current = { filter: asked.current.filter, cursor: next };
    return page.reload();
  };
  const reload = () => load(asked.current.filter);

  return { list, hasMore: next !== "", loading: page.loading, failed, load, more, reload };
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
  const rows = useRows(fetchRows, first, {
    onData: () => setBanner(null),
    onError: (err) => {
      const text = errorText(err, fallback);
      toast(text, "error", BANNER_MS);
      setBanner(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBanner(null), BANNER_MS);
      rows.setData((list) => list ?? []);
      return true;
    },
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  return { list: rows.data, setList: rows.setData, loading: rows.loading, banner, load: rows.load };
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
