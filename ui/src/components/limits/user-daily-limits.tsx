// A customer's own daily trade limits (issue 29), in a dialog opened from the owner's users' list: each
// figure the owner sets wins over the customer's grade's; an empty one falls back to it, whose figure the
// field's hint names.
import { useState, type FormEvent } from "react";
import { errorText, type AdminUser, type DailyLimits } from "../../api";
import { adminApi } from "../../api-admin";
import { useLoad } from "../../hooks/use-load";
import { checkLimits, LIMIT_KEYS, LIMIT_LABELS, LIMIT_MESSAGES as M, limitDraft, limitText, type LimitDraft, type LimitKey } from "../../lib/daily-limits";
import { toFaDigits } from "../../lib/digits";
import { DailyLimitField } from "./daily-limit-field";
import { Modal } from "../ui/admin-modal";
import { toast } from "../ui/toast";
import { Button, Loading } from "../ui";

type Props = { user: AdminUser; name: string; onClose: () => void };

/** UserDailyLimits is the dialog of one customer's own limits. */
export function UserDailyLimits({ user, name, onClose }: Props) {
  const [draft, setDraft] = useState<LimitDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<LimitKey, string>>>({});
  const [saving, setSaving] = useState(false);
  const { data, setData, failed } = useLoad(() => adminApi.userDailyLimits(user.id), M.loadFailed, { onData: (d) => setDraft(limitDraft(d.own)) });

  // what an empty figure falls back to: the grade's (in effect where the customer has none of their own)
  const fallback = (own: DailyLimits, inEffect: DailyLimits, k: LimitKey) =>
    own[k] === null ? `سقف سطح ${toFaDigits(user.grade)}: ${limitText(k, inEffect[k])}` : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const checked = checkLimits(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const answer = await adminApi.setUserDailyLimits(user.id, checked.limits);
      toast(answer?.message || M.saved, "success");
      setData(answer);
      setDraft(limitDraft(answer.own));
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error");
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={`سقف معاملات روزانه ${name}`} onClose={onClose} testid="user-limits-dialog">
      {!data || !draft ? (
        failed ? <p className="muted center">{M.loadFailed}</p> : <Loading />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">سقفی که خالی بماند از سطح قیمت مشتری گرفته می‌شود.</p>
          {LIMIT_KEYS.map((k) => (
            <DailyLimitField
              key={k}
              which={k}
              label={LIMIT_LABELS[k]}
              value={draft[k]}
              onValue={(v) => (setDraft((d) => d && { ...d, [k]: v }), setErrors((x) => ({ ...x, [k]: undefined })))}
              error={errors[k]}
              hint={fallback(data.own, data.in_effect, k)}
              testid={`user-limit-${k}`}
            />
          ))}
          <div className="modal-buttons">
            <Button type="submit" busy={saving} data-testid="user-limits-save">
              ذخیره
            </Button>
            <Button variant="secondary" onClick={onClose}>
              بستن
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
