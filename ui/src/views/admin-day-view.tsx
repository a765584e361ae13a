// «صندوق روز» (/admin-day_page, issue 39): the screen's row (screens.ts) loads this module, which loads the screen
// itself (admin-day-screen.tsx) with its style sheets. Every row's import, with the style sheets its module brings,
// is named in the table on the first load of every page, the signed-out home's too, whose script budget is all
// but spent; a module with no style sheet costs that table its path alone.
import { lazy } from "../components/shell/lazy";

const AdminDayScreen = lazy(() => import("./admin-day-screen"));

/** AdminDayView is the drawer's day. */
export default function AdminDayView() {
  return <AdminDayScreen />;
}
