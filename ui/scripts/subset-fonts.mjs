// Cuts Vazirmatn (the "Farsi digits, non-Latin" cut of the vazirmatn package) down to Persian and the
// characters the interface writes, into src/assets/fonts/. The output is committed, so the build never runs
// this; run it again (`node scripts/subset-fonts.mjs`) after a vazirmatn upgrade. e2e/fonts.test.mjs fails
// when a character of src/ or index.html that Vazirmatn draws is missing from a cut.
//
// Every OpenType feature is kept (harfbuzz's subsetter follows GSUB, so the joining forms, ligatures and mark
// positions of the kept letters stay), and the whole Persian alphabet with its marks is kept whatever the
// source says today: names, chat messages and the server's messages are Persian text the source never holds.
// Vazirmatn's OFL names no Reserved Font Name, so the cut keeps the family name; OFL.txt goes beside it.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const ui = join(dirname(fileURLToPath(import.meta.url)), "..");
const from = join(ui, "node_modules/vazirmatn/misc/Farsi-Digits-Non-Latin/fonts/ttf");
const to = join(ui, "src/assets/fonts");

/** WEIGHTS are the cuts the styles use (600 is drawn by the 700 cut). */
const WEIGHTS = { Regular: 400, Medium: 500, Bold: 700 };

const range = (a, b) => String.fromCodePoint(...Array.from({ length: b - a + 1 }, (_, i) => a + i));

/** PERSIAN is the text people and the server write: letters, marks, both digit sets, punctuation, joiners. */
export const PERSIAN = [
  range(0x0621, 0x063a), // hamza … ghain
  range(0x0640, 0x0655), // tatweel, feh … yeh, the harakat and the hamza marks
  "\u0670", // superscript alef
  "\u067e\u0686\u0698\u06a9\u06af\u06cc\u06c0", // پ چ ژ ک گ ی ۀ
  range(0x0660, 0x066c), // Arabic-Indic digits, ٪ ٫ ٬
  range(0x06f0, 0x06f9), // Persian digits
  "\u060c\u061b\u061f", // ، ؛ ؟
  "\u200c\u200d\u200e\u200f", // ZWNJ, ZWJ, LRM, RLM
  range(0x202a, 0x202e), // bidi embeddings and overrides
  "\u25cc", // dotted circle, which shapers draw under a lone mark
  "\u00a0\u00ab\u00bb\u00d7\u00f7\u2013\u2014\u2212", // no-break space « » × ÷ – — −
  range(0x20, 0x7e), // ASCII: Vazirmatn-NL keeps only space ! ( ) + - . / 0-9 : = [ ] of it
].join("");

/** sourceText is every character of the interface's source (src/ without tests, and index.html). */
export function sourceText() {
  const src = join(ui, "src");
  const files = readdirSync(src, { recursive: true })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(src, f));
  return [...files, join(ui, "index.html")].map((f) => readFileSync(f, "utf8")).join("");
}

async function main() {
  const text = [...new Set(PERSIAN + sourceText())].sort().join("");
  mkdirSync(to, { recursive: true });
  let total = 0;
  for (const [name, weight] of Object.entries(WEIGHTS)) {
    const font = readFileSync(join(from, `Vazirmatn-FD-NL-${name}.ttf`));
    const cut = await subsetFont(font, text, { targetFormat: "woff2" });
    writeFileSync(join(to, `vazirmatn-fd-nl-${weight}.woff2`), cut);
    total += cut.length;
    console.log(`vazirmatn-fd-nl-${weight}.woff2 ${cut.length} bytes (from ${font.length})`);
  }
  copyFileSync(join(ui, "node_modules/vazirmatn/OFL.txt"), join(to, "OFL.txt"));
  console.log(`${total} bytes in all`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
