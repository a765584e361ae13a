// The home screen's offer to install the app (issue 18): Chrome's install button where the browser offers it,
// a three-step picture guide on Safari for iPhone; «نه، ممنون» hides it on this phone for good.
import { useEffect, useState } from "react";
import { useShop } from "../../hooks/use-shop";
import { currentInstallKind, dismissInstall, onInstallChange, promptInstall } from "../../lib/install";
import { AddSquareIcon, PhoneIcon, SafariShareIcon } from "../ui/icons";
import { Button } from "../ui";
import "../../styles/install.css";

/** InstallPrompt offers to put the shop on the phone's home screen, if this phone can and has not said no. */
export function InstallPrompt() {
  const { name } = useShop();
  const [kind, setKind] = useState(currentInstallKind);
  useEffect(() => {
    setKind(currentInstallKind());
    return onInstallChange(() => setKind(currentInstallKind()));
  }, []);
  if (!kind) return null;

  return (
    <section className="card install-card" aria-labelledby="install-title" data-testid="install-card">
      <div className="install-head">
        <span className="install-icon">
          <PhoneIcon size={26} />
        </span>
        <div>
          <h2 id="install-title" className="section-title">{`${name} روی صفحه اصلی گوشی`}</h2>
          <p className="install-text">با یک لمس باز می‌شود؛ قیمت و موجودی همیشه دم دست.</p>
        </div>
      </div>
      {kind === "ios-guide" ? (
        <ol className="install-steps" data-testid="install-ios-guide">
          <li>
            در نوار پایین سافاری دکمه اشتراک‌گذاری
            <span className="install-glyph">
              <SafariShareIcon size={20} />
            </span>
            را بزنید.
          </li>
          <li>
            در فهرست باز شده «افزودن به صفحه اصلی»
            <span className="install-glyph">
              <AddSquareIcon size={20} />
            </span>
            را انتخاب کنید.
          </li>
          <li>در بالای صفحه «افزودن» را بزنید.</li>
        </ol>
      ) : null}
      <div className="install-actions">
        {kind === "prompt" && (
          <Button onClick={() => void promptInstall()} data-testid="install-button">
            نصب برنامه
          </Button>
        )}
        <Button variant="secondary" onClick={dismissInstall} data-testid="install-dismiss">
          {kind === "prompt" ? "نه، ممنون" : "متوجه شدم"}
        </Button>
      </div>
    </section>
  );
}
