// @vitest-environment happy-dom
import { createElement as h, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { lazy } from "./lazy";

const screen: ComponentType = () => h("p", null, "the screen");
type Loaded = { default: ComponentType };
// Preact runs effects after the next frame; a wait longer than its 100 ms fallback lets them and their updates run.
const afterEffects = () => new Promise((r) => setTimeout(r, 250));

describe("lazy", () => {
  it("shows the code that arrived between the first render and its effect", async () => {
    let arrive!: (m: Loaded) => void;
    const Screen = lazy(() => new Promise<Loaded>((r) => (arrive = r)));
    Screen.preload(); // as preloadScreen does before the first render
    const root = document.createElement("div");
    createRoot(root).render(h(Screen, {}));
    expect(root.textContent).not.toContain("the screen");
    arrive({ default: screen });
    await Promise.resolve(); // the code is in before the effect runs
    await afterEffects();
    expect(root.textContent).toContain("the screen");
  });

  it("draws the code in the first render once its preload has settled, as main.tsx renders", async () => {
    const Screen = lazy(() => Promise.resolve<Loaded>({ default: screen }));
    await Screen.preload();
    const root = document.createElement("div");
    createRoot(root).render(h(Screen, {}));
    expect(root.textContent).toContain("the screen");
  });

  it("settles its preload when the code cannot come, and shows the failure on render", async () => {
    const Screen = lazy(() => Promise.reject<Loaded>(new Error("offline")));
    await Screen.preload();
    const root = document.createElement("div");
    createRoot(root).render(h(Screen, {}));
    await afterEffects();
    expect(root.textContent).toContain("بارگذاری این بخش ممکن نشد");
  });

  it("shows the code when it arrives after the effect, and at once on the next mount", async () => {
    let arrive!: (m: Loaded) => void;
    const Screen = lazy(() => new Promise<Loaded>((r) => (arrive = r)));
    const root = document.createElement("div");
    createRoot(root).render(h(Screen, {}));
    await afterEffects();
    expect(root.textContent).not.toContain("the screen");
    arrive({ default: screen });
    await afterEffects();
    expect(root.textContent).toContain("the screen");
    const again = document.createElement("div");
    createRoot(again).render(h(Screen, {}));
    expect(again.textContent).toContain("the screen");
  });

  it("offers another try when the code cannot be loaded", async () => {
    const Screen = lazy<object>(() => Promise.reject(new Error("offline")));
    const root = document.createElement("div");
    createRoot(root).render(h(Screen, {}));
    await afterEffects();
    expect(root.textContent).toContain("بارگذاری این بخش ممکن نشد");
  });
});
