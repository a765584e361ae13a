// The banner of the reserve's level (issue 17): a warning near the margin, an error when short. The same
// banner heads the reserve panel and the admin panel's reserve card, so the owner reads it the same way twice.
import type { ReserveLevel } from "../../api";
import { levelNotice } from "../../lib/reserve-panel";
import { AlertIcon } from "../ui/icons";
import "../../styles/owner.css";
import "../../styles/reserve-panel.css";

type Props = {
  level: ReserveLevel;
  guardEnabled: boolean;
  /** heading is the title's level: h3 inside a card that has its own h2. */
  heading?: "h2" | "h3";
};

/** ReserveNotice says what the level means for buys; nothing while the level is ok. */
export function ReserveNotice({ level, guardEnabled, heading: Heading = "h2" }: Props) {
  const notice = levelNotice(level, guardEnabled);
  if (!notice) return null;
  return (
    <section className={`card notice reserve-notice reserve-notice-${notice.tone}`} role="alert" data-testid="reserve-level" data-level={level}>
      <span className="notice-icon">
        <AlertIcon size={26} />
      </span>
      <div className="notice-body">
        <Heading className="notice-title">{notice.title}</Heading>
        <p>{notice.text}</p>
      </div>
    </section>
  );
}
