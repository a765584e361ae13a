// The statement page's print mode (issue 17): the period form, then the document with the button that opens
// the browser's print dialog, where "save as PDF" is one of the printers. No third-party service: the
// browser lays the page out itself with statement-print.css (loaded with the statement page).
import { useEffect, useRef, useState } from "react";
import { api, errorText, type StatementRange } from "../../api";
import { useMe } from "../../hooks/use-me";
import { usePrintPage } from "../../hooks/use-print-page";
import { useShop } from "../../hooks/use-shop";
import { fullName } from "../../lib/labels";
import type { JalaliDate } from "../../lib/jalali";
import { printTitle, RANGE_MESSAGES, type RangeCheck } from "../../lib/statement-range";
import { DownloadIcon } from "../ui/icons";
import { StatementPrint } from "./statement-print";
import { StatementRangeForm } from "./statement-range-form";
import { toast } from "../ui/toast";
import { Button } from "../ui";

/** PRINTING_CLASS marks the body while a document is shown, so the print rules hide the app around it. */
const PRINTING_CLASS = "statement-printing";

type Doc = { data: StatementRange; fromDay: JalaliDate; toDay: JalaliDate; printedAt: Date };

/** StatementPrintPanel asks for a period, shows its statement and prints it; onClose leaves print mode. */
export default function StatementPrintPanel({ onClose }: { onClose: () => void }) {
  const shop = useShop();
  const { me } = useMe();
  const [doc, setDoc] = useState<Doc | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const tools = useRef<HTMLDivElement>(null);

  const load = async ({ from, to, fromDay, toDay }: Extract<RangeCheck, { ok: true }>) => {
    // only the newest answer is shown, should an older one arrive after it
    const mine = ++asked.current;
    setBusy(true);
    try {
      const data = await api.statementRange(from, to);
      if (mine === asked.current) setDoc({ data, fromDay, toDay, printedAt: new Date() });
    } catch (err) {
      if (mine === asked.current) toast(errorText(err, RANGE_MESSAGES.failed), "error");
    } finally {
      if (mine === asked.current) setBusy(false);
    }
  };

  // the document's arrival moves focus to its print button, which also brings it into view on a phone
  useEffect(() => tools.current?.querySelector<HTMLElement>("button")?.focus(), [doc]);

  // while a document is shown, printing shows it alone, and the PDF is named after the shop and the period
  const title = doc ? printTitle(shop.name, doc.fromDay, doc.toDay) : "";
  usePrintPage(PRINTING_CLASS, title);

  const customer = me ? { name: fullName(me.user.first_name, me.user.last_name), phone: me.user.phone_number } : null;
  return (
    <div className="statement-print-mode">
      <StatementRangeForm busy={busy} onRange={(r) => void load(r)} onCancel={onClose} />
      {doc && (
        <>
          <div className="card statement-print-tools" ref={tools}>
            <p>در پنجرهٔ چاپ، برای ساختن فایل پی‌دی‌اف مقصد «ذخیره به صورت پی‌دی‌اف» را انتخاب کنید.</p>
            <Button onClick={() => window.print()} data-testid="statement-print">
              <DownloadIcon size={18} />
              چاپ یا ذخیره پی‌دی‌اف
            </Button>
          </div>
          <StatementPrint {...doc} shop={shop} customer={customer} />
        </>
      )}
    </div>
  );
}
