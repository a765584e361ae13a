// Checks of the built interface that need no browser: index.html obeys the strict CSP
// (no inline script or style, nothing from another origin) and every file it names exists.
// The browser journeys (Playwright with Debian's chromium) will sit beside this file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const html = readFileSync(join(dist, "index.html"), "utf8");

test("index.html is right-to-left Persian", () => {
  assert.match(html, /<html lang="fa" dir="rtl">/);
});

test("index.html has no inline script or style", () => {
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(m[1], /\bsrc="/, "every script has a src");
    assert.equal(m[2].trim(), "", "no inline script body");
  }
  assert.doesNotMatch(html, /<style\b/);
  assert.doesNotMatch(html, /\sstyle="/);
  assert.doesNotMatch(html, /\son[a-z]+="/, "no inline event handlers");
});

// served by the binary from the shop's own settings (the app's manifest, the logo for iOS's home screen)
const SERVED = ["/manifest.webmanifest", "/api/shop/logo-180.png"];

test("every referenced file is a same-origin asset that exists", () => {
  const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(refs.length >= 2);
  assert.deepEqual(refs.filter((r) => SERVED.includes(r)), SERVED, "the manifest and the touch icon are linked");
  for (const ref of refs.filter((r) => !SERVED.includes(r))) {
    assert.match(ref, /^\/assets\//, `${ref} is under /assets/`);
    assert.ok(existsSync(join(dist, ref)), `${ref} exists`);
  }
});

test("no asset loads anything from another origin", () => {
  for (const f of readdirSync(join(dist, "assets"))) {
    if (!/\.(js|css)$/.test(f)) continue;
    const text = readFileSync(join(dist, "assets", f), "utf8");
    assert.doesNotMatch(text, /url\(\s*["']?https?:/, `${f} has no remote url()`);
    assert.doesNotMatch(text, /@import\s+["']?https?:/, `${f} has no remote @import`);
  }
});

test("the source is React code: nothing under src imports preact or wouter-preact", () => {
  const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");
  const offenders = readdirSync(src, { recursive: true })
    .filter((f) => /\.tsx?$/.test(f))
    .filter((f) => /from\s+["'](preact|preact\/[^"']*|wouter-preact)["']/.test(readFileSync(join(src, f), "utf8")));
  assert.deepEqual(offenders, []);
});

test("the bundle is Preact's bytes: react and react-dom resolve to preact/compat, no React is shipped", () => {
  for (const f of readdirSync(join(dist, "assets"))) {
    if (!f.endsWith(".js")) continue;
    const text = readFileSync(join(dist, "assets", f), "utf8");
    assert.doesNotMatch(text, /__CLIENT_INTERNALS_DO_NOT_USE|react\.production|ReactSharedInternals/, `${f} carries React itself`);
  }
});
