import { api } from "../api";
import { ReservesChart } from "../components/reserve/reserves-chart";
import { GoldBarIcon } from "../components/ui/icons";
import { LoadFailed, Loading, PageHeader } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { useShop } from "../hooks/use-shop";
import { formatJalaliDateTime } from "../lib/jalali";
import { formatGold } from "../lib/money";
import { ratioText } from "../lib/reserves";
import "../styles/reserves.css";

/** RESERVES_FAILED is what a failed load of the reserves says. */
const RESERVES_FAILED = "دریافت ذخایر طلا ناموفق بود";

/** ReservesView is /reserves (issue 17): the shop's gold owed and held, open to everyone, aggregates only. */
export default function ReservesView() {
  const shop = useShop();
  const { data, failed, reload } = useLoad(() => api.reserves(), RESERVES_FAILED);
  return (
    <>
      <PageHeader title="ذخایر طلای فروشگاه" />
      <div className="stack">
        <p className="reserves-shop" data-testid="reserves-shop">
          {shop.name}
        </p>
        {data === null ? (
          failed ? <LoadFailed title={RESERVES_FAILED} icon={<GoldBarIcon />} onRetry={() => void reload()} /> : <Loading />
        ) : (
          <>
            <section className="card reserves-figures" aria-label="ذخایر امروز" data-testid="reserves-figures">
              <div className="reserves-figure">
                <h2>طلای مشتریان نزد فروشگاه</h2>
                <p>
                  <strong data-testid="reserves-owed">{formatGold(data.owed)}</strong> گرم
                </p>
              </div>
              <div className="reserves-figure">
                <h2>طلای موجود در خزانه</h2>
                <p>
                  <strong data-testid="reserves-held">{formatGold(data.held)}</strong> گرم
                </p>
              </div>
              <p className="reserves-ratio" data-testid="reserves-ratio">
                {ratioText(data.ratio)}
              </p>
              <p className="muted" data-testid="reserves-updated">
                {data.updated_at ? `آخرین تغییر: ${formatJalaliDateTime(data.updated_at)}` : "هنوز تغییری ثبت نشده است."}
              </p>
            </section>
            <section className="card stack" aria-labelledby="reserves-chart-title">
              <h2 id="reserves-chart-title" className="section-title">
                ۹۰ روز گذشته
              </h2>
              <ReservesChart history={data.history} />
            </section>
          </>
        )}
        <section className="card" aria-labelledby="reserves-about-title">
          <h2 id="reserves-about-title" className="section-title">
            این اعداد یعنی چه؟
          </h2>
          <p className="reserves-text">
            «طلای مشتریان» جمع طلایی است که مشتریان در حساب خود نزد فروشگاه دارند و «طلای خزانه» طلایی است که فروشگاه
            واقعاً در خزانه نگه می‌دارد (به عیار ۱۸). هر گرمی که فروشگاه می‌فروشد در خزانه هست و فروشی که خزانه پوشش ندهد
            پذیرفته نمی‌شود. این صفحه فقط جمع کل را نشان می‌دهد، نه اطلاعات مشتریان را.
          </p>
        </section>
      </div>
    </>
  );
}
