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

listenForInstall();
// the first render waits for the opened screen's code (preloadScreen), so the shell and the screen paint together
const screen = preloadScreen(location.pathname);
void screen.then(() => createRoot(document.getElementById("app")!).render(<App />));
