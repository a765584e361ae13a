// Every route of the app in one place (customer.md §2, admin.md §2, decisions.md §8).
import type { ComponentType } from "react";
import { useEffect, useState } from "react";
import { Router, useLocation } from "wouter";
import { api, getSession, onSessionExpired, saveUser, SESSION_EXPIRED, type Session } from "./api";
import { AppUpdate } from "./components/shell/app-update";
import { lazy } from "./components/shell/lazy";
import { Shell } from "./components/shell/shell";
import { toast, Toaster } from "./components/ui/toast";
import { useSession } from "./hooks/use-session";
import { useShop } from "./hooks/use-shop";
import { inBackground } from "./lib/after-idle";
import { canOpen, matchRoute, roleOf, ROUTES, type RouteDef, type RouteKey } from "./lib/routes";
import HomeView from "./views/home-view";
import { NotAllowedView, NotFoundView, SessionEndedView } from "./views/status-views";

/** REDIRECT_AFTER_EXPIRY_MS is the pause between the session-expired toast and the login screen. */
const REDIRECT_AFTER_EXPIRY_MS = 2000;

// The screens' code, from the table (screens.ts): everything but home loads on first use; home is in the first
// load, where a phone opened on "/" needs it at once.
const SCREENS = Object.fromEntries(
  ROUTES.map((d) => [d.key, d.key === "home" ? HomeView : lazy(d.load)]),
) as Record<RouteKey, ComponentType & { preload?: () => Promise<void> }>;

/**
 * preloadScreen starts loading the code of the screen at path and settles once it is in (or could not come).
 * main.tsx renders after it, so the first paint is the screen itself rather than the shell around a loading
 * line with the screen drawn and laid out again a moment later, on the customer's first taps (issue 41). The
 * page for the path names the code (app/screen_preload.go), so it is fetched beside the app's own.
 */
export function preloadScreen(path: string): Promise<void> {
  const route = matchRoute(path);
  const { token, user } = getSession();
  // only a screen this visitor will see: not an admin screen's code for a customer, nor any for a guest
  if (!route || (route.access !== "public" && !token) || !canOpen(route.access, roleOf(user))) return Promise.resolve();
  return SCREENS[route.key]?.preload?.() ?? Promise.resolve();
}

/** App is the whole interface. */
export function App() {
  return (
    <Router>
      <Toaster />
      <AppUpdate />
      <Screens />
    </Router>
  );
}

function Screens() {
  const [location, navigate] = useLocation();
  const session = useSession();
  const shop = useShop();
  const [ending, setEnding] = useState(false);
  const route = matchRoute(location);

  // A session that could not be renewed: say so, then go to the login screen.
  useEffect(
    () =>
      onSessionExpired(() => {
        setEnding(true);
        toast(SESSION_EXPIRED, "error", 5000);
        setTimeout(() => {
          setEnding(false);
          navigate("/login");
        }, REDIRECT_AFTER_EXPIRY_MS);
      }),
    [],
  );

  // Refresh the stored user (name, role) once per load and after each sign-in, so a role the owner changed
  // shows at once; a 401 ends the session via api.ts.
  const signedIn = !!session.token;
  useEffect(() => {
    if (!signedIn) return;
    return inBackground(() => api.me().then((me) => saveUser(me.user)).catch(() => undefined));
  }, [signedIn]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  useEffect(() => {
    document.title = route ? `${route.title} | ${shop.name}` : `صفحه پیدا نشد | ${shop.name}`;
  }, [location, shop.name]);

  const content = <Screen route={route} session={session} ending={ending} />;
  if (route && !route.shell) return content;
  return <Shell current={route?.key ?? null}>{content}</Shell>;
}

function Screen({ route, session, ending }: { route: RouteDef | null; session: Session; ending: boolean }) {
  if (!route) return <NotFoundView />;
  if (route.access !== "public" && !session.token) {
    return ending ? <SessionEndedView /> : <ToLogin />;
  }
  // an owner or staff member without a second factor can do nothing but enrol it (the server says 403 elsewhere)
  if (session.user?.must_enrol_second_factor && route.key !== "secondFactor") return <ToEnrol />;
  if (!canOpen(route.access, roleOf(session.user))) return <NotAllowedView ownerOnly={route.access === "owner" && roleOf(session.user) === "staff"} />;
  const View = SCREENS[route.key];
  return <View />;
}

/** ToEnrol sends an owner or staff member without a second factor to its enrolment. */
function ToEnrol() {
  const [, navigate] = useLocation();
  useEffect(() => navigate("/second-factor_page", { replace: true }), []);
  return null;
}

/** ToLogin sends a logged-out visitor of a protected screen to the login screen. */
function ToLogin() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast("برای دیدن این بخش ابتدا وارد حساب کاربری شوید", "info");
    navigate("/login_page", { replace: true });
  }, []);
  return null;
}
