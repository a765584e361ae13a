package app

import (
	"strconv"
	"strings"

	"goldshop/iran"
	"goldshop/store"
)

// noticeWords are a notification kind's title, its sentence (%a: the amount, %r: the reason a person typed;
// for a login's notices %d: the device, %t: the Jalali time; for the storage's %s: its level) and the screen
// it opens. The words live here, once, for the app and the SMS alike; the store keeps facts.
type noticeWords struct {
	title, text, link string
}

var noticeTexts = map[string]noticeWords{
	store.NoteDepositApproved: {"واریز تایید شد", "واریز %a شما تایید شد و به کیف پولتان اضافه شد.", "/wallet-requests_page"},
	store.NoteDepositRejected: {"واریز رد شد", "واریز %a شما رد شد. دلیل: %r", "/wallet-requests_page"},
	store.NoteWithdrawPaid:    {"برداشت پرداخت شد", "برداشت %a شما به حساب بانکی‌تان واریز شد.", "/wallet-requests_page"},
	store.NoteWithdrawRejected: {"برداشت رد شد",
		"برداشت %a شما رد شد و مبلغ آن به کیف پولتان برگشت. دلیل: %r", "/wallet-requests_page"},
	store.NoteGoldRequestApproved:  {"درخواست آبشده تایید شد", "درخواست آبشده %a شما تایید شد.", "/gold-request_page"},
	store.NoteGoldRequestReady:     {"آبشده آماده تحویل است", "آبشده %a شما آماده تحویل در فروشگاه است.", "/gold-request_page"},
	store.NoteGoldRequestDelivered: {"آبشده تحویل داده شد", "آبشده %a به شما تحویل داده شد.", "/gold-request_page"},
	store.NoteGoldRequestRejected: {"درخواست آبشده رد شد",
		"درخواست آبشده %a شما رد شد و طلای آن به حسابتان برگشت. دلیل: %r", "/gold-request_page"},
	store.NoteCharge:         {"شارژ حساب", "حساب شما %a شارژ شد.", "/transactions_page"},
	store.NoteReferralReward: {"پاداش دعوت", "%a طلا پاداش دعوت دوستتان به حسابتان اضافه شد.", "/referral_page"},
	store.NoteChatReply:      {"پاسخ پشتیبانی", "پشتیبانی به پیام شما پاسخ داد.", "/chat_page"},
	store.NotePriceAlert:     {"هشدار قیمت", "قیمت طلا برای شما به هشدارتان رسید: %a برای هر گرم.", "/trade_page"},
	store.NoteNewLogin: {"ورود تازه به حساب", "ورود تازه به حساب شما با %d در %t. اگر شما نبودید، " +
		"در بخش امنیت آن ورود را ببندید و رمز عبور را تغییر دهید.", "/security_page"},
	store.NotePasswordChanged: {"رمز عبور تغییر کرد", "رمز عبور حساب شما با %d در %t تغییر کرد. " +
		"اگر شما نبودید، همین حالا با فروشگاه تماس بگیرید.", "/security_page"},
	store.NoteSecondFactorChanged: {"تایید دومرحله‌ای تغییر کرد", "تایید دومرحله‌ای حساب شما تغییر کرد: %f، در %t. " +
		"اگر این کار را شما نکرده‌اید، همین حالا رمز عبور را تغییر دهید و با فروشگاه تماس بگیرید.", "/second-factor_page"},
	store.NoteSecondFactorFailures: {"کدهای نادرست تایید دومرحله‌ای", "رمز عبور حساب شما درست وارد شد و پس از آن " +
		"%n بار کد نادرست تایید دومرحله‌ای؛ تا %t کدها پذیرفته نمی‌شوند. اگر شما نبودید، همین حالا رمز عبور را تغییر دهید.",
		"/security_page"},
	store.NotePlanBought: {"خرید طرح پس‌انداز", "طرح پس‌انداز شما %a طلا برایتان خرید.", "/plans_page"},
	store.NotePlanSkipped: {"خرید طرح پس‌انداز انجام نشد", "خرید این نوبت طرح پس‌انداز شما انجام نشد: %p",
		"/plans_page"},
	store.NoteOrderExecuted: {"سفارش شرطی اجرا شد", "قیمت به حد سفارش شرطی شما رسید و سفارش اجرا شد: %a.",
		"/orders_page"},
	store.NoteOrderExpired: {"مهلت سفارش شرطی تمام شد", "مهلت سفارش شرطی شما تمام شد و %a نگه‌داشته‌شده " +
		"به موجودی آزادتان برگشت.", "/orders_page"},
	store.NoteStorageLow: {"فضای ذخیره‌سازی فروشگاه", "فضای ذخیره‌سازی فروشگاه %s؛ پشتیبان‌های قدیمی را پاک کنید یا " +
		"فضای دیسک را بیشتر کنید.", "/AdminPanel_page"},
	store.NotePriceFeedFailing: {"قیمت خودکار به‌روز نمی‌شود", "منبع قیمت خودکار پاسخ درستی نمی‌دهد و قیمت پایه به‌روز " +
		"نمی‌شود؛ قیمت را دستی وارد کنید یا منبع را درست کنید.", "/prices_page"},
}

// planSkipWords say why a plan's run bought nothing (its reason word).
var planSkipWords = map[string]string{
	skipPlansOff: "طرح‌های پس‌انداز را فروشگاه موقتاً متوقف کرده است.",
	skipClosed:   "خرید در آن روز بسته بود.",
	skipPrice:    "قیمت طلا به‌روز نبود.",
	skipWeight:   "مبلغ طرح با قیمت امروز کمتر یا بیشتر از حد مجاز معامله است.",
	skipFunds:    "موجودی ریالی کیف پول کافی نبود.",
	skipReserve:  "طلای کافی در خزانه فروشگاه نبود.",
	skipLimit:    "خرید شما در آن روز به سقف خرید روزانه‌تان رسیده بود.",
}

// factorChangeWords say what changed in a person's second factor (a store.Factor… word).
var factorChangeWords = map[string]string{
	store.FactorTOTPOn:          "برنامه احراز هویت روشن شد",
	store.FactorTOTPOff:         "برنامه احراز هویت برداشته شد",
	store.FactorPasskeyAdded:    "کلید عبور تازه‌ای افزوده شد",
	store.FactorPasskeyRemoved:  "یک کلید عبور برداشته شد",
	store.FactorRecoveryRenewed: "کدهای بازیابی تازه ساخته شد",
	store.FactorRecoveryUsed:    "با یکی از کدهای بازیابی وارد حساب شدند",
	store.FactorReset:           "فروشگاه تایید دومرحله‌ای را برداشت",
}

// storageWords are the storage notice's words for its level (its reason).
var storageWords = map[string]string{storageLow: "رو به پایان است", storageFull: "پر شده است و نوشتن ممکن نیست"}

// noticeAmount writes a notification's amount as a person reads it: "۱۰٬۰۰۰٬۰۰۰ ریال", "۱/۵ گرم".
func noticeAmount(n store.Notification) string {
	switch n.Asset {
	case store.AssetRial:
		return iran.Number(strconv.FormatInt(n.Amount, 10)) + " ریال"
	case store.AssetGold:
		return iran.Grams(n.Amount) + " گرم"
	}
	return ""
}

// noticeOf renders a notification's title, sentence and link.
func noticeOf(n store.Notification) noticeWords {
	w, ok := noticeTexts[n.Kind]
	if !ok {
		return noticeWords{"اطلاعیه", "", "/"}
	}
	reason := strings.TrimSpace(n.Reason)
	if reason == "" {
		reason = "اعلام نشده"
	}
	at := n.CreatedAt
	if n.Kind == store.NoteSecondFactorFailures { // the codes are locked from then on
		at = at.Add(store.FactorLockAfter(n.Amount))
	}
	w.text = strings.NewReplacer("%a", noticeAmount(n), "%r", reason, "%s", storageWords[n.Reason], "%p", planSkipWords[n.Reason], "%d", deviceName(n.Reason),
		"%f", factorChangeWords[n.Reason], "%n", iran.Digits(strconv.FormatInt(n.Amount, 10)),
		"%t", iran.Digits(jalaliMinute(at))).Replace(w.text)
	return w
}
