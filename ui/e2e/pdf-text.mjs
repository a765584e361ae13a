// Reads back the text of a PDF that Chromium printed (page.pdf) with poppler's pdftotext (Debian's
// poppler-utils, which test.sh installs): its lines, laid out as on paper, in reading order, without the bidi
// controls pdftotext writes around each run. Poppler writes the lam-alef ligature (لا) as «ال»: a test looks for
// words without it.
import { execFileSync } from 'node:child_process';

/** pdfText is the PDF's non-empty lines, every page's in turn. */
export function pdfText(pdf) {
  const out = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  return out.toString('utf8').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').split('\n').filter((l) => l.trim());
}
