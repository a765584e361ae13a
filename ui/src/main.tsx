import { createRoot } from "react-dom/client";
import "./styles/fonts.css";
import "./styles/base.css";
import "./styles/shell.css";
import "./styles/blocks.css";
import "./styles/balances.css";
import "./styles/money-blocks.css";
import "./styles/lists.css";
import { App, preloadScreen } from "./app";
import { listenForInstall } from "./lib/install";
import { tehranClock } from "./lib/tehran-clock";

listenForInstall();
// the first render waits for the opened screen's code (preloadScreen), so the shell and the screen paint together
const screen = preloadScreen(location.pathname);
// Meanwhile the clock every screen shows (the footer's year, trading hours, «not current» marks) is read
// once: the page's first use of Intl loads the browser's time zone data, 50 to 150 ms on a cheap phone, which
// runs here while the screen's code is on its way rather than inside the screen's first render (issue 41).
tehranClock(new Date());
void screen.then(() => createRoot(document.getElementById("app")!).render(<App />));
