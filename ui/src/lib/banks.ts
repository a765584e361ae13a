// Bank brands by the Persian name the server gives a card's bank (from its BIN table, data/banks.json): the
// bank's logo in the iranianbanklogos package, and for the banks it has no logo of, the short name and colour
// of a monogram. ui/ imports nothing from data/, so this table is its own copy; a test reads data/banks.json
// and fails when a bank there is missing here or has a different colour or short name, and reads the
// package's ibl.css and fails when a logo key is not where LOGO_SPRITE says it is.

/**
 * BankBrand is what a bank's logo is drawn from: its name, its logo's key in the iranianbanklogos sprite
 * (null when the package has none), and the short name and colour of its monogram.
 */
export type BankBrand = { name: string; logo: string | null; short: string; color: string };

/**
 * LOGO_SPRITE lists the logo keys of iranianbanklogos@3.1.2 in its sprites' order ($bank-sprite-list in
 * ibl.scss), left to right and top to bottom, LOGO_COLUMNS to a row. Since v3.1 "rb" is Refah's current
 * logo and "rb2" its former one, which no bank here uses.
 */
export const LOGO_SPRITE: readonly string[] = [
  "bsi", "mellat", "tejarat", "bmi", "sepah",
  "bki", "parsian", "maskan", "rb", "en",
  "ansar", "bpi", "sb", "sina", "post",
  "ghbi", "tt", "shahr", "ba", "sarmayeh",
  "day", "hi", "iz", "kar", "tourism",
  "bim", "edbi", "me", "ivbb", "resalat",
  "miran", "melal", "rb2",
];

/** LOGO_COLUMNS and LOGO_ROWS are the sprite's grid: every sprite size is 5 by 7 square logos. */
export const LOGO_COLUMNS = 5;
export const LOGO_ROWS = 7;

/** logoCell returns the column and row of a logo key in the sprite. */
export function logoCell(key: string): { col: number; row: number } {
  const i = LOGO_SPRITE.indexOf(key);
  if (i < 0) throw new Error(`no bank logo ${key}`);
  return { col: i % LOGO_COLUMNS, row: Math.floor(i / LOGO_COLUMNS) };
}

// name, logo key (null: no logo in the package, the monogram is drawn), short name, brand colour; in the
// order of data/banks.json
const TABLE: [string, string | null, string, string][] = [
  ["بانک ملی ایران", "bmi", "ملی", "#0d4d8c"],
  ["بانک سپه", "sepah", "سپه", "#1a4f9c"],
  ["بانک ملت", "mellat", "ملت", "#d71f2b"],
  ["بانک صادرات ایران", "bsi", "صادرات", "#1d3f8f"],
  ["بانک تجارت", "tejarat", "تجارت", "#1c3e94"],
  ["بانک کشاورزی", "bki", "کشاورزی", "#0f7a3d"],
  ["بانک مسکن", "maskan", "مسکن", "#e06a1b"],
  ["بانک رفاه کارگران", "rb", "رفاه", "#1b5faa"],
  ["پست بانک ایران", "post", "پست", "#0a8a4a"],
  ["بانک توسعه صادرات", "edbi", "توسعه", "#0b6b3a"],
  ["بانک صنعت و معدن", "bim", "صنعت", "#1e3a6e"],
  ["بانک توسعه تعاون", "tt", "تعاون", "#0f8d8a"],
  ["بانک اقتصاد نوین", "en", "نوین", "#6b2d8f"],
  ["بانک پارسیان", "parsian", "پارسیان", "#8b1e3f"],
  ["بانک پاسارگاد", "bpi", "پاسارگاد", "#b8860b"],
  ["بانک کارآفرین", "kar", "کارآفرین", "#1c7c54"],
  ["بانک سامان", "sb", "سامان", "#1e5aa8"],
  ["بانک سینا", "sina", "سینا", "#1b4b8f"],
  ["بانک سرمایه", "sarmayeh", "سرمایه", "#2b3a67"],
  ["بانک آینده", "ba", "آینده", "#6a2c1a"],
  ["بانک شهر", "shahr", "شهر", "#c8102e"],
  ["بانک دی", "day", "دی", "#007a87"],
  ["بانک گردشگری", "tourism", "گردشگری", "#a0122d"],
  ["بانک ایران زمین", "iz", "ایران‌زمین", "#5b2a86"],
  ["بانک خاورمیانه", "me", "خاورمیانه", "#2a6f97"],
  ["بانک قرض‌الحسنه مهر ایران", "miran", "مهر", "#1a8f4c"],
  ["بانک قرض‌الحسنه رسالت", "resalat", "رسالت", "#0e5e9c"],
  ["بانک مرکزی جمهوری اسلامی ایران", null, "مرکزی", "#20407a"],
  ["موسسه اعتباری توسعه", null, "توسعه", "#3c6e47"],
  ["موسسه اعتباری ملل", "melal", "ملل", "#0d6e6e"],
  ["موسسه اعتباری نور", null, "نور", "#b5651d"],
  ["بانک حکمت ایرانیان", "hi", "حکمت", "#3a5a40"],
  ["بانک انصار", "ansar", "انصار", "#1f6f3f"],
  ["بانک قوامین", "ghbi", "قوامین", "#224f85"],
  ["موسسه اعتباری کوثر", null, "کوثر", "#2b7a78"],
  ["بانک مهر اقتصاد", null, "مهر", "#2f6b2f"],
  ["بانک مشترک ایران و ونزوئلا", "ivbb", "ایران‌ونزوئلا", "#8c2332"],
];

/** BANKS lists every known bank. */
export const BANKS: readonly BankBrand[] = TABLE.map(([name, logo, short, color]) => ({ name, logo, short, color }));

/** DEFAULT_BANK is the logo of a bank that is not in the table: a neutral square with a bank building. */
export const DEFAULT_BANK: BankBrand = { name: "", logo: null, short: "", color: "#7a705f" };

// Other spellings people and older tables use, in key form (see bankKey).
const ALIASES: [string, string][] = [
  ["پست", "پست بانک ایران"],
  ["رفاه", "بانک رفاه کارگران"],
  ["مرکزی", "بانک مرکزی جمهوری اسلامی ایران"],
  ["حکمت", "بانک حکمت ایرانیان"],
  ["ایرانونزوئلا", "بانک مشترک ایران و ونزوئلا"],
  ["صنعتمعدن", "بانک صنعت و معدن"],
];

/**
 * bankKey reduces a bank's name to the form names are matched in: Arabic ي and ك folded to Persian,
 * no spaces or zero-width joiners, no "بانک" or "موسسه اعتباری" or "قرض‌الحسنه" in front and no
 * trailing "ایران" ("بانک ملی ایران", "بانك ملي" and "ملی" all become "ملی").
 */
export function bankKey(name: string): string {
  let k = name
    .replace(/ي/g, "ی")
    .replace(/ك/g, "ک")
    .replace(/ؤ/g, "و")
    .replace(/[\s\u200c\u200f\u200e\u0640]/g, "");
  k = k.replace(/^بانک/, "").replace(/^موسسه(اعتباری)?/, "").replace(/^قرضالحسنه/, "");
  if (k.endsWith("ایران") && k.length > "ایران".length) k = k.slice(0, -"ایران".length);
  return k;
}

const byKey = new Map<string, BankBrand>();
for (const b of BANKS) byKey.set(bankKey(b.name), b);
for (const [alias, name] of ALIASES) byKey.set(alias, byKey.get(bankKey(name))!);

/** findBank returns the brand of a bank by its Persian name, or null when it is unknown. */
export function findBank(name: string | null | undefined): BankBrand | null {
  if (!name) return null;
  return byKey.get(bankKey(name)) ?? null;
}

/** bankBrand returns the brand of a bank by its Persian name, or the default one. */
export function bankBrand(name: string | null | undefined): BankBrand {
  return findBank(name) ?? DEFAULT_BANK;
}
