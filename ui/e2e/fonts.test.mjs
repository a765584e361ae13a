// The Vazirmatn cuts in src/assets/fonts (made by scripts/subset-fonts.mjs) still draw every character the
// interface writes, so a new word never falls back to another font unnoticed: each character of src/ and
// index.html that the full font draws must be in every cut, and so must the whole Persian alphabet. The cmap
// is read straight from the woff2 files (Node's brotli), without a font library.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { PERSIAN, sourceText } from "../scripts/subset-fonts.mjs";

const ui = join(dirname(fileURLToPath(import.meta.url)), "..");
const cuts = join(ui, "src/assets/fonts");
const full = join(ui, "node_modules/vazirmatn/misc/Farsi-Digits-Non-Latin/fonts/webfonts");

const KNOWN_TAGS = ["cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca"];

/** readBase128 reads a WOFF2 UIntBase128 at offset; it returns [value, next offset]. */
function readBase128(buf, offset) {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const b = buf[offset + i];
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) return [value, offset + i + 1];
  }
  throw new Error("bad UIntBase128");
}

/** cmapOf returns the code points a woff2 font maps to glyphs (cmap formats 4 and 12). */
function cmapOf(file) {
  const buf = readFileSync(file);
  assert.equal(buf.toString("latin1", 0, 4), "wOF2", `${file} is woff2`);
  const numTables = buf.readUInt16BE(12);
  const compressedSize = buf.readUInt32BE(20);
  let at = 48;
  let streamOffset = 0;
  let cmap = null;
  for (let i = 0; i < numTables; i++) {
    const flags = buf[at++];
    let tag = KNOWN_TAGS[flags & 0x3f] ?? "";
    if ((flags & 0x3f) === 63) {
      tag = buf.toString("latin1", at, at + 4);
      at += 4;
    }
    let length;
    [length, at] = readBase128(buf, at);
    const version = flags >> 6;
    const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
    if (transformed) [length, at] = readBase128(buf, at);
    if (tag === "cmap") cmap = { offset: streamOffset, length };
    streamOffset += length;
  }
  assert.ok(cmap, `${file} has a cmap`);
  const stream = brotliDecompressSync(buf.subarray(at, at + compressedSize));
  const t = stream.subarray(cmap.offset, cmap.offset + cmap.length);
  const points = new Set();
  const subtables = t.readUInt16BE(2);
  for (let i = 0; i < subtables; i++) {
    const platform = t.readUInt16BE(4 + i * 8);
    const encoding = t.readUInt16BE(6 + i * 8);
    if (platform !== 3 && platform !== 0) continue;
    const st = t.subarray(t.readUInt32BE(8 + i * 8));
    const format = st.readUInt16BE(0);
    if (format === 4 && (platform === 0 || encoding === 1)) {
      const segs = st.readUInt16BE(6) / 2;
      for (let s = 0; s < segs; s++) {
        const end = st.readUInt16BE(14 + s * 2);
        const start = st.readUInt16BE(16 + segs * 2 + s * 2);
        const delta = st.readInt16BE(16 + segs * 4 + s * 2);
        const rangeAt = 16 + segs * 6 + s * 2;
        const rangeOffset = st.readUInt16BE(rangeAt);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = rangeOffset === 0
            ? (c + delta) & 0xffff
            : st.readUInt16BE(rangeAt + rangeOffset + (c - start) * 2);
          if (glyph !== 0) points.add(c);
        }
      }
    } else if (format === 12) {
      const groups = st.readUInt32BE(12);
      for (let g = 0; g < groups; g++) {
        const start = st.readUInt32BE(16 + g * 12);
        const end = st.readUInt32BE(20 + g * 12);
        for (let c = start; c <= end; c++) points.add(c);
      }
    }
  }
  return points;
}

const hex = (c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")} ${String.fromCodePoint(c)}`;
const fullFont = cmapOf(join(full, "Vazirmatn-FD-NL-Regular.woff2"));
const files = readdirSync(cuts).filter((f) => f.endsWith(".woff2"));

test("there is a cut for each weight the styles load, and OFL.txt beside them", () => {
  assert.deepEqual(files.sort(), ["vazirmatn-fd-nl-400.woff2", "vazirmatn-fd-nl-500.woff2", "vazirmatn-fd-nl-700.woff2"]);
  assert.match(readFileSync(join(cuts, "OFL.txt"), "utf8"), /SIL OPEN FONT LICENSE Version 1\.1/);
  const css = readFileSync(join(ui, "src/styles/fonts.css"), "utf8");
  for (const f of files) assert.ok(css.includes(`../assets/fonts/${f}`), `fonts.css loads ${f}`);
});

test("every character the interface writes and Vazirmatn draws is in every cut", () => {
  const used = new Set([...sourceText()].map((c) => c.codePointAt(0)).filter((c) => fullFont.has(c)));
  assert.ok(used.size > 60, "the source holds Persian text");
  for (const f of files) {
    const cut = cmapOf(join(cuts, f));
    const missing = [...used].filter((c) => !cut.has(c)).map(hex);
    assert.deepEqual(missing, [], `${f} lacks characters of src/ (run node scripts/subset-fonts.mjs)`);
  }
});

test("every cut draws the whole Persian alphabet, both digit sets, the joiners and Persian punctuation", () => {
  const wanted = [..."ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآأإؤئءةيكۀ۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩٬٫،؛؟«»\u200c\u200d\u064b\u0650\u0651"];
  for (const c of PERSIAN) if (fullFont.has(c.codePointAt(0))) wanted.push(c);
  for (const f of files) {
    const cut = cmapOf(join(cuts, f));
    const missing = [...new Set(wanted)].map((c) => c.codePointAt(0)).filter((c) => !cut.has(c)).map(hex);
    assert.deepEqual(missing, [], f);
  }
});

test("the cuts stay small: the three weights together are at most 45 KB", () => {
  const total = files.reduce((n, f) => n + readFileSync(join(cuts, f)).length, 0);
  assert.ok(total <= 45 * 1024, `${total} bytes`);
});
