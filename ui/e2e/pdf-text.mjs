// Reads back the text of a PDF that Chromium printed (page.pdf), without a PDF library: this machine has neither
// poppler's pdftotext nor pdfjs-dist. Chromium (Skia) writes plain objects, Flate-compressed content streams and,
// for each font, a ToUnicode CMap from its glyph ids to the characters they draw; every text object is one run
// of glyphs in visual order at one place (Tm), a right-to-left run marked /ReversedChars, which is turned back
// into reading order glyph by glyph (a ligature such as لا maps to its letters, which stay in order). Runs on one
// baseline make a line. Enough for a journey's "does the printed invoice say this", not a general PDF reader.
import { inflateSync } from 'node:zlib';

/** objectsOf parses a PDF's objects: number → its dictionary text and its (inflated) stream. */
function objectsOf(pdf) {
  const s = pdf.toString('latin1');
  const objects = new Map();
  for (const m of s.matchAll(/(\d+) 0 obj\b([\s\S]*?)endobj/g)) {
    const body = m[2];
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const head = body.slice(at).match(/^stream\r?\n/)[0];
    const start = m.index + m[0].indexOf(body) + at + head.length;
    let stream = pdf.subarray(start, s.indexOf('endstream', start));
    if (/\/FlateDecode/.test(body.slice(0, at))) stream = inflateSync(stream, { finishFlush: 2 });
    objects.set(Number(m[1]), { dict: body.slice(0, at), stream });
  }
  return objects;
}

/** toUnicode reads a ToUnicode CMap: glyph id → the characters it draws. */
function toUnicode(cmap) {
  const map = new Map();
  const chars = (hex) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, to] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(code, 16), chars(to));
  }
  for (const block of block2(cmap)) {
    for (const [, lo, hi, to] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(to, 16);
      for (let c = parseInt(lo, 16); c <= parseInt(hi, 16); c++) map.set(c, String.fromCodePoint(first + c - parseInt(lo, 16)));
    }
  }
  return map;
}
const block2 = (cmap) => [...cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)].map((m) => m[1]);

const ref = (dict, key) => Number(dict.match(new RegExp(`/${key}\\s+(\\d+) 0 R`))?.[1] ?? NaN);

/** fontsOf maps a page's font names (/F5) to their glyph maps. */
function fontsOf(objects, page) {
  let fonts = page.dict.match(/\/Font\s*<<([\s\S]*?)>>/)?.[1];
  if (fonts === undefined && !Number.isNaN(ref(page.dict, 'Font'))) fonts = objects.get(ref(page.dict, 'Font')).dict;
  const out = new Map();
  for (const [, name, n] of (fonts ?? '').matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
    const cmap = ref(objects.get(Number(n)).dict, 'ToUnicode');
    out.set(name, Number.isNaN(cmap) ? new Map() : toUnicode(objects.get(cmap).stream.toString('latin1')));
  }
  return out;
}

// a right-to-left run draws brackets mirrored, and ToUnicode names the glyph drawn
const MIRRORED = new Map([['(', ')'], [')', '('], ['[', ']'], [']', '['], ['«', '»'], ['»', '«']]);

/** readingOrder turns a run's glyphs into its text: a right-to-left run's (/ReversedChars) read back to front. */
function readingOrder(glyphs, reversed) {
  if (!reversed) return glyphs.join('');
  return glyphs.reverse().map((g) => MIRRORED.get(g) ?? g).join('');
}

/**
 * pdfText returns each page of a Chromium PDF as its lines in reading order: the runs that share a baseline,
 * right to left (the page is right-to-left), each run's text in its own order.
 */
export function pdfText(pdf) {
  const objects = objectsOf(pdf);
  const pages = [];
  for (const page of objects.values()) {
    if (!/\/Type\s*\/Page\b(?!s)/.test(page.dict)) continue;
    const fonts = fontsOf(objects, page);
    const contents = page.dict.match(/\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/)?.[1] ?? '';
    const runs = [];
    for (const [, n] of contents.matchAll(/(\d+) 0 R/g)) {
      const stream = objects.get(Number(n)).stream.toString('latin1');
      for (const [block] of stream.matchAll(/\bBT\b[\s\S]*?\bET\b/g)) {
        let font = new Map();
        const glyphs = [];
        let at = null;
        for (const t of block.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|([-\d.]+) ([-\d.]+) Tm|<([0-9A-Fa-f]*)>/g)) {
          if (t[1]) font = fonts.get(t[1]) ?? new Map();
          else if (t[2] !== undefined) at ??= { x: Number(t[2]), y: Number(t[3]) };
          else for (const g of t[4].match(/.{4}/g) ?? []) glyphs.push(font.get(parseInt(g, 16)) ?? '');
        }
        const text = readingOrder(glyphs, /\/ReversedChars\b/.test(block));
        if (text.trim()) runs.push({ text, ...(at ?? { x: 0, y: 0 }) });
      }
    }
    const lines = new Map();
    for (const r of runs) {
      const y = Math.round(r.y);
      lines.set(y, [...(lines.get(y) ?? []), r]);
    }
    pages.push([...lines.entries()].sort((a, b) => a[0] - b[0])
      .map(([, rs]) => rs.sort((a, b) => b.x - a.x).map((r) => r.text.trim()).join(' ')));
  }
  return pages;
}
