// A print page's frame (the printed invoice, the statement, the labels): while the page
// shows its document, bodyClass marks <body> so that the print rules hide the app around it, and the printout
// (a PDF's file name) takes title.
import { useEffect } from "react";
import "../styles/print-shell.css";

/** usePrintPage marks the body as a print page (print-shell.css) and with bodyClass, and names the printout
 * title, while title is not empty. */
export function usePrintPage(bodyClass: string, title: string): void {
  useEffect(() => {
    if (!title) return;
    const saved = document.title;
    const before = () => (document.title = title);
    const after = () => (document.title = saved);
    document.body.classList.add("print-page", bodyClass);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      document.body.classList.remove("print-page", bodyClass);
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      document.title = saved;
    };
  }, [bodyClass, title]);
}
