// The service worker's registration and the offer of a new version (issue 18). A new build is a new worker that
// waits beside the running one; only when the customer taps «به‌روزرسانی» does it take over, and the page reloads
// under it, so a screen never runs old code against new files. Registration waits for the page's load event,
// so the worker's download of the shell never competes with the first paint (lib/service-worker.ts).
import { useEffect, useState } from "react";
import { registerServiceWorker } from "../../lib/service-worker";
import { Button } from "../ui";
import "../../styles/app-update.css";

/** AppUpdate registers the service worker and, when a new version is waiting, offers to reload into it. */
export function AppUpdate() {
  const [update, setUpdate] = useState<(() => void) | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    registerServiceWorker((activate) => alive && setUpdate(() => activate));
    return () => void (alive = false);
  }, []);

  if (!update) return null;
  return (
    <div className="app-update" role="status" data-testid="app-update">
      <span>نسخه تازه‌ای از برنامه آماده است.</span>
      <Button
        busy={busy}
        onClick={() => {
          setBusy(true);
          update();
        }}
        data-testid="app-update-reload"
      >
        به‌روزرسانی
      </Button>
    </div>
  );
}
