// The counter's item field (issue 38): the piece's tag code or its number, typed or scanned (a USB scanner
// types the code and presses Enter). The tag is looked up first; a number that is no tag is taken as the
// item's own number, and an item no longer in the vault is refused with the server's words. The field keeps
// the focus, so the next scan needs no click.
import { useRef, useState, type FormEvent } from "react";
import { ApiError, errorText } from "../../api";
import { counterApi } from "../../api-counter";
import type { VaultItem } from "../../api-types";
import { toLatinDigits } from "../../lib/digits";
import { PlusCircleIcon } from "../ui/icons";
import { Button, Field } from "../ui";

/** ITEM_MESSAGES are the field's own texts. */
export const ITEM_MESSAGES = {
  failed: "خطا در یافتن کالا",
  outOfVault: "این کالا در خزانه نیست؛ فروخته شده یا از خزانه خارج شده است",
} as const;

/** findItem looks a typed code up as the counter does: by tag, then (all digits) by number; it throws the server's refusal. */
export async function findItem(code: string): Promise<VaultItem> {
  try {
    return (await counterApi.itemByTag(code)).item;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404 && /^\d+$/.test(code))) throw err;
  }
  const { item } = await counterApi.item(Number(code));
  if (item.status === "in") return item;
  // the pricing call words the refusal of a piece out of the vault as the invoice would be refused
  await counterApi.price({ sales: [{ item_id: item.id }], buybacks: [] });
  throw new ApiError(409, ITEM_MESSAGES.outOfVault);
}

type Props = {
  /** onItem adds the piece and returns why it cannot (already on the invoice), or null. */
  onItem: (item: VaultItem) => string | null;
};

/** CounterItemField is the scan-or-type field that adds a sale line. */
export function CounterItemField({ onItem }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = toLatinDigits(code).trim();
    if (!typed || busy) return;
    setBusy(true);
    setError(null);
    try {
      const refused = onItem(await findItem(typed));
      if (refused) setError(refused);
      else setCode("");
    } catch (err) {
      setError(errorText(err, ITEM_MESSAGES.failed));
    } finally {
      setBusy(false);
      form.current?.querySelector("input")?.focus();
    }
  };

  return (
    <form ref={form} className="card counter-scan" onSubmit={submit} noValidate aria-label="افزودن کالا با اتیکت" data-testid="counter-scan">
      <Field
        label="اتیکت یا شماره کالا"
        value={code}
        onValue={(v) => (setCode(v), setError(null))}
        error={error}
        hint="کد اتیکت را با بارکدخوان بخوانید، یا بنویسید و کلید اینتر را بزنید"
        autoComplete="off"
        autoFocus
        dir="ltr"
        enterKeyHint="enter"
        data-testid="counter-item"
      />
      <Button type="submit" busy={busy} className="counter-scan-add" data-testid="counter-item-add">
        <PlusCircleIcon size={18} />
        افزودن
      </Button>
    </form>
  );
}
