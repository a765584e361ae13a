// The grades' daily trade limits on the owner's grades screen (issue 29): per grade, the most its customers
// may buy and sell in a Tehran day, in rial and in grams; an empty figure is no limit. A customer's own
// figures (their dialog in the users' list) win over their grade's.
import { useState } from "react";
import { errorText, type GradeDailyLimits } from "../../api";
import { adminApi } from "../../api-admin";
import { useLoad } from "../../hooks/use-load";
import { checkLimits, LIMIT_KEYS, LIMIT_LABELS, LIMIT_MESSAGES as M, limitDraft, type LimitDraft, type LimitKey } from "../../lib/daily-limits";
import { toFaDigits } from "../../lib/digits";
import { DailyLimitField } from "./daily-limit-field";
import { DataList, type Column } from "../ui/data-list";
import { ChartIcon } from "../ui/icons";
import { toast } from "../ui/toast";
import { Button, LoadFailed, Loading } from "../ui";

const gradeName = (g: number) => `سطح ${toFaDigits(g)}`;

/** GradeDailyLimits is the section: a row per grade, its four figures and its save button. */
export function GradeDailyLimits({ narrow }: { narrow: boolean }) {
  const [drafts, setDrafts] = useState<Record<number, LimitDraft>>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<LimitKey, string>>>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  const { data, failed, reload } = useLoad(async () => (await adminApi.dailyLimits()).grades, M.loadFailed, {
    // each grade's form starts from what the server holds
    onData: (grades) => setDrafts(Object.fromEntries(grades.map((g) => [g.grade, limitDraft(g)]))),
  });

  if (!data) return failed ? <LoadFailed icon={<ChartIcon size={40} />} title={M.loadFailed} onRetry={reload} /> : <Loading />;

  const edit = (grade: number, k: LimitKey) => (v: string) => {
    setDrafts((d) => ({ ...d, [grade]: { ...d[grade], [k]: v } }));
    setErrors((e) => (e[grade]?.[k] ? { ...e, [grade]: { ...e[grade], [k]: undefined } } : e));
  };

  const save = async (grade: number) => {
    const checked = checkLimits(drafts[grade]);
    if (!checked.ok) {
      setErrors((e) => ({ ...e, [grade]: checked.errors }));
      return;
    }
    setBusy((b) => ({ ...b, [grade]: true }));
    try {
      const answer = await adminApi.setGradeDailyLimits(grade, checked.limits);
      toast(answer?.message || M.saved, "success");
      setDrafts((d) => ({ ...d, [grade]: limitDraft(answer?.limits ?? checked.limits) }));
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error");
    } finally {
      setBusy(({ [grade]: _, ...rest }) => rest);
    }
  };

  const figure = (k: LimitKey): Column<GradeDailyLimits> => ({
    label: LIMIT_LABELS[k],
    wide: true,
    cell: (g) => (
      <DailyLimitField
        which={k}
        label={`${LIMIT_LABELS[k]} ${gradeName(g.grade)}`}
        value={drafts[g.grade]?.[k] ?? ""}
        onValue={edit(g.grade, k)}
        error={errors[g.grade]?.[k]}
        className="cell-field"
        testid={`limit-${k}-${g.grade}`}
      />
    ),
  });
  const columns: Column<GradeDailyLimits>[] = [
    { label: "سطح قیمت", head: true, className: "grade-name", cell: (g) => gradeName(g.grade) },
    ...LIMIT_KEYS.map(figure),
  ];

  return (
    <section className="card section-card" aria-label="سقف معاملات روزانه هر سطح" data-testid="grade-daily-limits">
      <h2 className="section-title">سقف معاملات روزانه هر سطح</h2>
      <p className="section-note">
        بیشترین خرید و فروش مشتریان هر سطح در یک روز (به وقت تهران)، با همه معاملات صفحه، طرح‌های پس‌انداز و سفارش‌ها. خالی یعنی بدون سقف؛ سقفی که برای خود مشتری تعیین شود بر سقف سطح او مقدم است.
      </p>
      <DataList
        rows={data}
        columns={columns}
        rowKey={(g) => g.grade}
        narrow={narrow}
        caption="سقف معاملات روزانه هر سطح"
        testid="limit-row"
        rowAttrs={(g) => ({ "data-grade": g.grade })}
        actions={(g) => (
          <Button variant="secondary" className="btn-sm" busy={!!busy[g.grade]} onClick={() => save(g.grade)} data-testid={`limit-save-${g.grade}`}>
            ذخیره
          </Button>
        )}
        flat
      />
    </section>
  );
}
