// The shapes of the API as docs/api.md writes them; api.ts re-exports them with the calls.

/** User is the account as the server returns it. */
export type User = {
  id: number;
  first_name: string;
  last_name: string;
  name?: string;
  phone_number: string;
  national_id?: string;
  birth_date?: string;
  referral_code?: string | null;
  grade?: number;
  is_admin: number | boolean;
  /** role is owner, staff or customer (is_admin is true for the first two). */
  role?: "owner" | "staff" | "customer";
  /** second_factor tells whether an authenticator is on (issue 27). */
  second_factor?: boolean;
  /** must_enrol_second_factor: an owner or staff member without one can do nothing but enrol it. */
  must_enrol_second_factor?: boolean;
};

/** UserInfo is the part of the user kept in localStorage. */
export type UserInfo = Pick<User, "id" | "first_name" | "last_name" | "name" | "is_admin" | "role" | "must_enrol_second_factor">;

/** SecondFactorState is GET /api/users/me/second-factor. */
export type SecondFactorState = { totp: boolean; passkeys: number; passkey_available: boolean; recovery_codes_left: number };

/** PasskeyOptions are the server's options for navigator.credentials.create or .get, as go-webauthn writes them. */
export type PasskeyOptions = { publicKey: Record<string, unknown> };

/** TOTPStart is a new authenticator's secret and the otpauth:// address its QR code carries. */
export type TOTPStart = { secret: string; uri: string };

/**
 * FactorProof is what a change of the second factor carries (issue 36): the password where no factor is on,
 * the factor's code where one is, and whether the person's other logins end with the change.
 */
export type FactorProof = { password?: string; code?: string; end_other_logins?: boolean };

/** PasskeyInfo is one of the person's passkeys; last_used_at is null before its first use. */
export type PasskeyInfo = { id: string; created_at: string; last_used_at: string | null };

/** Session is what the app knows about who is logged in. */
export type Session = { token: string | null; user: UserInfo | null };

/** Balance is a user's rial and gold balance as canonical strings. */
export type Balance = { balance_rial: string; balance_gold: string };

/** Me is the answer of GET /api/users/me. */
export type Me = { user: User; balance: Balances };

/** LoginAnswer is the answer of the calls that log a user in. */
export type LoginAnswer = { accessToken: string; refreshToken: string; user: User; message?: string };

/**
 * SecondFactorAsked is the answer of a right password or SMS code of a person with a second factor on (issue
 * 27): no token yet, a challenge that POST /api/auth/second-factor finishes with the authenticator's code.
 */
export type SecondFactorAsked = {
  second_factor_required: true;
  challenge: string;
  message?: string;
  /** totp: an authenticator app's code is asked; passkey: the options a passkey can answer with (where one is on and can work). */
  totp?: boolean;
  passkey?: PasskeyOptions;
};

/** SignInAnswer is what a sign-in's first step answers. */
export type SignInAnswer = LoginAnswer | SecondFactorAsked;

/** Price is the public base price per gram in rial (null before the shop sets one); is_price_fresh is false when it is older than the shop allows for trading. */
export type Price = { price: string | null; updated_at: string | null; is_price_fresh: boolean };

/** Message is a success answer that only carries a Persian text. */
export type Message = { message?: string };

/** RegisterForm is the body of POST /api/auth/register. */
export type RegisterForm = {
  first_name: string;
  last_name: string;
  national_id: string;
  phone_number: string;
  password: string;
  birth_date: string;
  referral_code?: string;
};

/**
 * RegisterAnswer is the answer of POST /api/auth/register: registration_id is shown only here and must go
 * with the code to POST /api/auth/verify, or the sign-up is not completed.
 */
export type RegisterAnswer = Message & { phone_number?: string; registration_id: string };

/** Balances are a user's balances and what is free to use (balance minus pending requests). */
export type Balances = Balance & { available_rial: string; available_gold: string };

/** WalletRequest is a deposit or withdraw request (docs/api.md, Money). */
export type WalletRequest = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  type: "deposit" | "withdraw";
  amount: string;
  bank_account_id: number | null;
  bank_name: string;
  card_number: string;
  iban: string;
  receipt_image: string;
  status: "pending" | "approved" | "rejected" | "canceled";
  reject_reason: string;
  created_at: string;
  decided_at: string | null;
};

/**
 * Entry is one statement row. A statement page gives each row the customer's total balances right after it
 * (balance_rial, balance_gold); a single row (a trade's answer) has none.
 */
export type Entry = {
  id: number;
  created_at: string;
  type: string;
  status: string;
  description: string;
  price_per_gram: string | null;
  debit_rial: string;
  credit_rial: string;
  debit_gold: string;
  credit_gold: string;
  balance_rial?: string;
  balance_gold?: string;
};

/** StatementPage is one page of a statement, newest first; next_cursor is "" on the last page. */
export type StatementPage = { transactions: Entry[]; next_cursor: string };

/** BankAccount is one of the customer's cards. */
export type BankAccount = {
  id: number;
  bank_name: string;
  account_holder_name: string;
  card_number: string;
  iban: string;
  created_at: string;
};

/** CustomerBalances is a customer as the admin's money screens see them. */
export type CustomerBalances = {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  phone_number: string;
  balance_rial: string;
  balance_gold: string;
  available_rial?: string;
  available_gold?: string;
};

/** Dashboard is the owner's figures on /AdminPanel_page. */
export type Dashboard = {
  customers_rial: string;
  customers_gold: string;
  shop_bank_rial: string;
  shop_vault_gold: string;
  pending_deposits: { count: number; amount: string };
  pending_withdraws: { count: number; amount: string };
  today_in_rial: string;
  today_out_rial: string;
  today_buys: { count: number; amount_rial: string };
  today_sells: { count: number; amount_rial: string };
};

/** WalletFilter is the admin's wallet request filter; dates are YYYY-MM-DDTHH:mm:ss in Tehran time. */
export type WalletFilter = { userSearch?: string; type?: string; status?: string; startDate?: string; endDate?: string };

/** BalancesFilter is the admin's users-balances filter. */
export type BalancesFilter = { search?: string; minRial?: string; maxRial?: string; minGold?: string; maxGold?: string };

/** SESSION_EXPIRED is the text shown when the session cannot be renewed. */
/** Trading is what the trade screen needs from the price settings, with whether each side is open now. */
export type Trading = {
  buy_enabled: boolean;
  sell_enabled: boolean;
  buy_start_time: string;
  buy_end_time: string;
  sell_start_time: string;
  sell_end_time: string;
  min_weight: string;
  max_weight: string;
  buy_open: boolean;
  sell_open: boolean;
};

/** MyPrices is the caller's grade and prices; prices are null before the shop sets a base price. */
export type MyPrices = {
  grade: number;
  buy_price: string | null;
  sell_price: string | null;
  last_updated: string | null;
  is_price_fresh: boolean;
  trading: Trading;
};

export type TradeType = "buy" | "sell";

/** Quote is a trade locked for two minutes, waiting for its SMS code. */
export type Quote = { type: TradeType; amount_rial: string; amount_gold: string; price_per_gram: string; expires_at: string };

/** TradeAmount is exactly one of the two amounts. */
export type TradeAmount = { amount_rial: string } | { amount_gold: string };

export type PricePoint = { price: string; at: string };

export type ReferralStats = { referral_code: string; invited: number; earned: string };

export type GradePrice = { grade: number; buy_price: string | null; sell_price: string | null };

export type AdminPrices = { prices: GradePrice[]; base_price: string | null; updated_at: string | null; is_price_fresh: boolean };

export type Grade = { id: number; sell_add: string; buy_subtract: string };

/** DailyLimits are a Tehran day's four trade limits (issue 29): rial whole, gold in grams, null for none. */
export type DailyLimits = { buy_rial: string | null; buy_gold: string | null; sell_rial: string | null; sell_gold: string | null };

/** GradeDailyLimits are one grade's (GET /api/admin/daily-limits). */
export type GradeDailyLimits = DailyLimits & { grade: number };

/** UserDailyLimits are a customer's own limits and the ones in effect (their grade's where they have none). */
export type UserDailyLimits = { user_id: number; own: DailyLimits; in_effect: DailyLimits };

/** MyDailyLimits are the caller's limits in effect and what is left of each today. */
export type MyDailyLimits = { limits: DailyLimits; left: DailyLimits };

export type AdminUser = {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  phone_number: string;
  grade: number;
  is_admin: number;
  created_at: string;
  /** second_factor: an authenticator or a passkey is on (the owner may reset it, issue 36). */
  second_factor: boolean;
};

export type PriceSettings = {
  buy_enabled: boolean;
  sell_enabled: boolean;
  buy_start_time: string;
  buy_end_time: string;
  sell_start_time: string;
  sell_end_time: string;
  min_weight: string;
  max_weight: string;
  price_max_age_minutes: number;
  /** referral_min_trade_rial is the least first trade (whole rials, 0 to 10^15) that earns the inviter the reward. */
  referral_min_trade_rial: string;
  /** referral_monthly_cap is the most rewards an inviter earns in one Jalali month (0 to 100000; 0 pays none). */
  referral_monthly_cap: number;
};

export type GoldTransaction = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  type: TradeType;
  status: string;
  price_per_gram: string;
  debit_rial: string;
  credit_rial: string;
  debit_gold: string;
  credit_gold: string;
  created_at: string;
};

export type GoldTransactionFilter = {
  search?: string;
  type?: string;
  status?: string;
  minWeight?: string;
  maxWeight?: string;
  minPricePerGram?: string;
  maxPricePerGram?: string;
  startDate?: string;
  endDate?: string;
};

/** Bar is one melted-gold bar of the shop's inventory; customers see only its figures. */
export type Bar = {
  id: number;
  rey: string;
  ang: string;
  ayar: string;
  vazn: string;
  vazn750: string;
  status?: "available" | "reserved" | "delivered";
  created_at?: string;
  /** shortfall is vazn750 minus the caller's available gold, on bars above it. */
  shortfall?: string;
};

export type BarForm = { rey: string; ang: string; ayar: string; vazn: string };

export type GoldRequestStatus = "pending" | "approved" | "ready" | "delivered" | "rejected" | "canceled";

export type GoldRequest = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  bar_id: number;
  rey: string;
  ang: string;
  ayar: string;
  vazn: string;
  vazn750: string;
  status: GoldRequestStatus;
  reject_reason: string;
  created_at: string;
  decided_at: string | null;
};

export type GoldRequestFilter = { userSearch?: string; status?: string; startDate?: string; endDate?: string };

// ---- support chat (docs/api.md "Support chat") -------------------------------

/** ChatFileType is the kind of a file sent in the chat. */
export type ChatFileType = "image" | "audio";

/** ChatMessage is one message of a support chat room; is_admin marks the shop's messages. */
export type ChatMessage = {
  id: number;
  room_id: number;
  message_text: string;
  file_url: string | null;
  file_type: ChatFileType | null;
  created_at: string;
  is_admin: boolean;
  /** is_read is true once the other side has seen the message. */
  is_read: boolean;
};

/** ChatRoom is a customer's room as the admin's list shows it. */
export type ChatRoom = {
  id: number;
  user_id: number;
  user_name: string;
  user_mobile: string;
  /** last_message is the text, «تصویر» or «پیام صوتی» for a bare file, "" in a room without messages. */
  last_message: string;
  last_message_time: string | null;
  /** unread_count counts the customer's messages no admin has seen. */
  unread_count: number;
};

/** ChatUpload is the answer of POST /api/chat/upload. */
export type ChatUpload = { file_url: string; file_type: ChatFileType };

// ---- the shop, its people and its safety (issue 15) --------------------------------------------------------

/** ShopInfo is GET /api/shop: the shop as customers see it; logo_url is "" until the owner uploads a logo. */
export type ShopInfo = {
  name: string;
  short_name: string;
  phones: string[];
  address: string;
  hours: string;
  about: string;
  licence: string;
  logo_url: string;
};

/**
 * AdminShop is GET /api/admin/shop: configured stays false until the owner first saves the settings; the
 * quotas are how many receipts and chat files one customer may send in a day.
 */
export type AdminShop = ShopInfo & { configured: boolean; receipts_per_day: number; chat_files_per_day: number };

/** ShopForm is the body of PUT /api/admin/shop (a left-out field keeps its value). */
export type ShopForm = Partial<
  Pick<AdminShop, "name" | "short_name" | "phones" | "address" | "hours" | "about" | "licence" | "receipts_per_day" | "chat_files_per_day">
>;

/** AdminRole is a role that makes someone one of the shop's people. */
export type AdminRole = "owner" | "staff";

/** StaffMember is one owner or staff member (GET /api/admin/staff). */
export type StaffMember = {
  id: number;
  phone_number: string;
  first_name: string;
  last_name: string;
  role: AdminRole;
  /** second_factor tells whether their authenticator is on (a reset takes it away). */
  second_factor?: boolean;
};

/** AuditActor is who made a change; the entry's actor is null when the command line made it. */
export type AuditActor = { id: number; name: string; phone_number: string };

/** AuditEntry is one change in the audit log; before and after are JSON objects or null. */
export type AuditEntry = {
  id: number;
  at: string;
  actor: AuditActor | null;
  kind: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** AuditPage is one page of GET /api/admin/audit, newest first; next_cursor is "" on the last page. */
export type AuditPage = { items: AuditEntry[]; next_cursor: string };

/** AuditFilter is the query of GET /api/admin/audit; from and to are Jalali days "YYYY/MM/DD" (Tehran, inclusive). */
export type AuditFilter = { actor?: string; kind?: string; from?: string; to?: string; cursor?: string; limit?: string };

/** BackupFile is one backup archive. */
export type BackupFile = { name: string; size: number; created_at: string; ok: boolean };

/** BackupRun is how the last backup went; at is empty or null before the first one. */
export type BackupRun = { at: string | null; ok: boolean; error: string };

/** Backups is GET /api/admin/backups. */
export type Backups = { backups: BackupFile[]; last: BackupRun | null };

/** Certificate is GET /api/admin/certificate: warning is true when the owner should act soon. */
export type Certificate = {
  https: boolean;
  source: string;
  domain: string;
  expires_at: string | null;
  days_left: number;
  warning: boolean;
};
