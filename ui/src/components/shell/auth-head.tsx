// The head of the sign-in and sign-up cards: the shop's logo and name over the step's title.
import { useShop } from "../../hooks/use-shop";
import { ShopLogo } from "./logo";

/** AuthHead names the shop, then what this card does. */
export function AuthHead({ title, sub }: { title: string; sub: string }) {
  const { name } = useShop();
  return (
    <div className="auth-head">
      <ShopLogo size={52} />
      <p className="auth-brand" data-testid="auth-shop-name">
        {name}
      </p>
      <h1 className="auth-title">{title}</h1>
      <p className="auth-sub">{sub}</p>
    </div>
  );
}
