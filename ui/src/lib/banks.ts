// Bank brands for the monogram logos, by the Persian name the server gives a card's bank (from its BIN
// table, data/banks.json). ui/ imports nothing from data/, so this table is its own copy; a test reads
// data/banks.json and fails when a bank there has no logo here or a different colour or short name.

/** BankBrand is what a bank's logo is drawn from: its name, a short name in the monogram and its colour. */
export type BankBrand = { name: string; short: string; color: string };

// name, short name, brand colour; in the order of data/banks.json
const TABLE: [string, string, string][] = [
  ["بانک ملی ایران", "ملی", "#0d4d8c"],
  ["بانک سپه", "سپه", "#1a4f9c"],
  ["بانک ملت", "ملت", "#d71f2b"],
  ["بانک صادرات ایران", "صادرات", "#1d3f8f"],
  ["بانک تجارت", "تجارت", "#1c3e94"],
  ["بانک کشاورزی", "کشاورزی", "#0f7a3d"],
  ["بانک مسکن", "مسکن", "#e06a1b"],
  ["بانک رفاه کارگران", "رفاه", "#1b5faa"],
  ["پست بانک ایران", "پست", "#0a8a4a"],
  ["بانک توسعه صادرات", "توسعه", "#0b6b3a"],
  ["بانک صنعت و معدن", "صنعت", "#1e3a6e"],
  ["بانک توسعه تعاون", "تعاون", "#0f8d8a"],
  ["بانک اقتصاد نوین", "نوین", "#6b2d8f"],
  ["بانک پارسیان", "پارسیان", "#8b1e3f"],
  ["بانک پاسارگاد", "پاسارگاد", "#b8860b"],
  ["بانک کارآفرین", "کارآفرین", "#1c7c54"],
  ["بانک سامان", "سامان", "#1e5aa8"],
  ["بانک سینا", "سینا", "#1b4b8f"],
  ["بانک سرمایه", "سرمایه", "#2b3a67"],
  ["بانک آینده", "آینده", "#6a2c1a"],
  ["بانک شهر", "شهر", "#c8102e"],
  ["بانک دی", "دی", "#007a87"],
  ["بانک گردشگری", "گردشگری", "#a0122d"],
  ["بانک ایران زمین", "ایران‌زمین", "#5b2a86"],
  ["بانک خاورمیانه", "خاورمیانه", "#2a6f97"],
  ["بانک قرض‌الحسنه مهر ایران", "مهر", "#1a8f4c"],
  ["بانک قرض‌الحسنه رسالت", "رسالت", "#0e5e9c"],
  ["بانک مرکزی جمهوری اسلامی ایران", "مرکزی", "#20407a"],
  ["موسسه اعتباری توسعه", "توسعه", "#3c6e47"],
  ["موسسه اعتباری ملل", "ملل", "#0d6e6e"],
  ["موسسه اعتباری نور", "نور", "#b5651d"],
  ["بانک حکمت ایرانیان", "حکمت", "#3a5a40"],
  ["بانک انصار", "انصار", "#1f6f3f"],
  ["بانک قوامین", "قوامین", "#224f85"],
  ["موسسه اعتباری کوثر", "کوثر", "#2b7a78"],
  ["بانک مهر اقتصاد", "مهر", "#2f6b2f"],
  ["بانک مشترک ایران و ونزوئلا", "ایران‌ونزوئلا", "#8c2332"],
];

/** BANKS lists every known bank. */
export const BANKS: readonly BankBrand[] = TABLE.map(([name, short, color]) => ({ name, short, color }));

/** DEFAULT_BANK is the logo of a bank that is not in the table. */
export const DEFAULT_BANK: BankBrand = { name: "", short: "", color: "#7a705f" };

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
