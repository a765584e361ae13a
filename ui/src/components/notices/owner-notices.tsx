// What the owner should act on, at the top of the admin panel: the shop not set up yet (first run, with the
// reminder that customers cannot buy until the vault holds the shop's gold, issue 17), and an
// HTTPS certificate about to run out. Staff never see these; a failed check shows nothing.
import { useLoad } from "../../hooks/use-load";
import { certificateWarning } from "../../lib/certificate";
import { AlertIcon, StoreIcon } from "../ui/icons";
import "../../styles/owner.css";
import { LinkButton } from "../ui";
import { adminApi } from "../../api-admin";

/** OwnerNotices shows the first-run card and the certificate warning when they apply. */
export function OwnerNotices() {
  // a failed check says nothing (onError tells no one): the notices are a reminder, not the panel
  const { data: shop } = useLoad(() => adminApi.adminShop(), "", { onError: () => true });
  const { data: cert } = useLoad(() => adminApi.certificate(), "", { onError: () => true });
  const warning = certificateWarning(cert);
  return (
    <>
      {shop && shop.configured === false && (
        <section className="card notice notice-info" data-testid="first-run-card">
          <span className="notice-icon">
            <StoreIcon size={28} />
          </span>
          <div className="notice-body">
            <h2 className="notice-title">فروشگاه را معرفی کنید</h2>
            <p>نام، لوگو، شماره‌های تماس و نشانی فروشگاه هنوز تنظیم نشده‌اند. مشتریان تا آن زمان نام پیش‌فرض «{shop.name}» را می‌بینند.</p>
            <p data-testid="first-run-vault">
              پیش از نخستین فروش، موجودی طلای فروشگاه را در خزانه ثبت کنید؛ تا ثبت نشود، خرید مشتریان پذیرفته نمی‌شود.
            </p>
            <div className="notice-actions">
              <LinkButton href="/admin-shop_page" data-testid="first-run-link">
                تنظیمات فروشگاه
              </LinkButton>
              <LinkButton href="/admin-vault_page" variant="ghost" data-testid="first-run-vault-link">
                ثبت موجودی خزانه
              </LinkButton>
            </div>
          </div>
        </section>
      )}
      {warning && (
        <section className="card notice notice-warn" role="alert" data-testid="certificate-warning">
          <span className="notice-icon">
            <AlertIcon size={28} />
          </span>
          <div className="notice-body">
            <h2 className="notice-title">{warning.title}</h2>
            <p>{warning.text}</p>
          </div>
        </section>
      )}
    </>
  );
}
