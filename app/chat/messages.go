package chat

// What the chat says to people, in Persian (decisions.md §9).
const (
	msgSignIn         = "برای گفتگو با پشتیبانی وارد حساب خود شوید"
	msgTooManySockets = "گفتگو در صفحه‌های زیادی باز است؛ یکی را ببندید و دوباره تلاش کنید"
	msgBadRoom        = "گفتگو پیدا نشد"
	msgAdminsOnly     = "این کار فقط برای مدیران است"
	msgCustomersOnly  = "این کار فقط برای مشتریان است"
	msgEmpty          = "پیام خالی است"
	msgTooLong        = "پیام بیش از ۲۰۰۰ حرف است"
	msgNotPlain       = "پیام نویسه‌های نامجاز دارد (نویسهٔ کنترلی یا تغییر جهت متن)"
	msgBadFile        = "فایل پیوست معتبر نیست"
	msgTooFast        = "پیام‌ها خیلی پشت سر هم است؛ کمی صبر کنید"
	msgBadPayload     = "درخواست نامعتبر است"
	msgServer         = "خطایی پیش آمد؛ دوباره تلاش کنید"

	// Previews of a file-only message in the admins' room list.
	PreviewImage = "تصویر"
	PreviewAudio = "پیام صوتی"
)
