// A dialog over the screen: the ledger of a user, the charge confirmation, the reject reason.
// Escape and the backdrop close it; focus moves in on open and back to the opener on close.
// TODO: fold into a shared dialog component if the customer screens bring one.
import type { ReactNode } from "react";
import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "./icons";
import "../../styles/admin-modal.css";

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** footer holds the dialog's buttons. */
  footer?: ReactNode;
  /** size "wide" fits a table; "narrow" a question. */
  size?: "narrow" | "wide";
  testid?: string;
  /** role "alertdialog" for a question that needs an answer. */
  role?: "dialog" | "alertdialog";
};

/** Modal is a titled dialog with a close button. */
export function Modal({ title, onClose, children, footer, size = "narrow", testid, role = "dialog" }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = `m${useId()}`;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>("[data-autofocus], input, textarea");
    (first ?? box.current)?.focus();
    document.body.classList.add("no-scroll");
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        close.current();
      } else if (e.key === "Tab" && box.current) {
        // keep Tab inside the dialog
        const items = box.current.querySelectorAll<HTMLElement>("button:not(:disabled), input, textarea, select, a[href]");
        if (!items.length) return;
        const head = items[0];
        const tail = items[items.length - 1];
        if (e.shiftKey && document.activeElement === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && document.activeElement === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("no-scroll");
      opener?.focus?.();
    };
  }, []);

  return (
    <div className="modal-root">
      <div className="modal-backdrop" onClick={() => close.current()} />
      <div
        className={`modal card modal-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        ref={box}
        tabIndex={-1}
        data-testid={testid}
      >
        <div className="modal-head">
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={() => close.current()} aria-label="بستن">
            <CloseIcon />
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-foot">{footer}</div>}
      </div>
    </div>
  );
}
