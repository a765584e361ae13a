// Screens that say where the user stands: not allowed, not found, session over.
import { CompassIcon, LockIcon } from "../components/ui/icons";
import { LinkButton, StatusCard } from "../components/ui";
import { SESSION_EXPIRED } from "../api";

/** NotAllowedView is shown to a customer who opens an admin screen, and to staff who open one of the owner's. */
export function NotAllowedView({ ownerOnly = false }: { ownerOnly?: boolean }) {
  const text = ownerOnly ? "این بخش فقط در دسترس مالک فروشگاه است" : "دسترسی به این بخش برای شما مجاز نیست";
  return (
    <StatusCard icon={<LockIcon size={44} />} title="دسترسی غیرمجاز" text={text} tone="danger" testid="not-allowed">
      <LinkButton href="/" variant="secondary">
        بازگشت به خانه
      </LinkButton>
    </StatusCard>
  );
}

/** NotFoundView is the 404 of the app. */
export function NotFoundView() {
  return (
    <StatusCard icon={<CompassIcon size={44} />} title="صفحه پیدا نشد" text="صفحه‌ای که دنبالش بودید وجود ندارد یا جابه‌جا شده است." tone="warn" testid="not-found">
      <LinkButton href="/" data-testid="not-found-home">
        بازگشت به خانه
      </LinkButton>
    </StatusCard>
  );
}

/** SessionEndedView fills a protected screen during the 2 s before the move to the login screen. */
export function SessionEndedView() {
  return (
    <StatusCard icon={<LockIcon size={44} />} title="نشست به پایان رسید" text={SESSION_EXPIRED} tone="warn" testid="session-ended">
      <LinkButton href="/login_page">ورود دوباره</LinkButton>
    </StatusCard>
  );
}
