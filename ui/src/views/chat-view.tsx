// The support chat pages sit outside the shell; the chat itself arrives in a later release.
import { useLocation } from "wouter-preact";
import { BackIcon } from "../components/icons";
import { matchRoute } from "../lib/routes";
import { ComingSoonView } from "./status-views";

/** ChatView is /chat_page and /admin-chat_page for now: a full-screen page with a back arrow. */
export default function ChatView() {
  const [location, navigate] = useLocation();
  const title = matchRoute(location)?.title ?? "پشتیبانی";
  const back = () => {
    if (history.length > 1) history.back();
    else navigate("/");
  };
  return (
    <div class="fullscreen">
      <div class="fullscreen-bar">
        <button type="button" class="icon-btn" onClick={back} aria-label="بازگشت" data-testid="back-button">
          <BackIcon />
        </button>
        <h1 class="fullscreen-title">{title}</h1>
      </div>
      <div class="fullscreen-body">
        <ComingSoonView title={title} />
      </div>
    </div>
  );
}
