package app

// The Persian texts of the backup calls; kept beside messages.go so each area's wording is reviewed together.
const (
	msgBackupsOff     = "پشتیبان‌گیری در این سرور راه‌اندازی نشده است"
	msgBackupRunning  = "یک پشتیبان‌گیری در حال انجام است؛ چند لحظه بعد فهرست را دوباره ببینید"
	msgBackupFailed   = "پشتیبان‌گیری انجام نشد؛ جزئیات در گزارش سرور ثبت شده است"
	msgBackupNotFound = "فایل پشتیبان پیدا نشد"
	msgBackupNoRoom   = "پشتیبان زمان‌بندی‌شده گرفته نشد: فضای دیسک کافی نیست و پشتیبان دیسک را پر می‌کرد؛ پشتیبان‌های قدیمی را پاک کنید یا فضا را بیشتر کنید"
)

// The replica's last failure as the owner can act on it (GET /api/admin/replica's last_error, issue 36), one
// for each kind the backup service names (backup.Fault*); the library's own text stays in the server's log.
const (
	msgReplicaUnreachable = "سرور مقصد رونوشت پاسخ نمی‌دهد؛ روشن بودن آن، نشانی و درگاهش و شبکهٔ میان دو سرور را بررسی کنید"
	msgReplicaLogin       = "سرور مقصد رونوشت کلید یا گذرواژهٔ فروشگاه را نپذیرفت؛ نام کاربر و کلید عمومی (یا گذرواژه) را روی آن سرور بررسی کنید"
	msgReplicaKeyFile     = "فایل کلید خصوصی رونوشت که در تنظیمات فروشگاه آمده خوانده نمی‌شود یا گذرواژه دارد؛ مسیر و دسترسی فایل را بررسی کنید یا کلیدی بی‌گذرواژه بدهید"
	msgReplicaHostKey     = "کلید سرور مقصد با کلیدی که در تنظیمات فروشگاه برای آن آمده نمی‌خواند؛ اگر آن سرور عوض نشده، ممکن است کسی میان راه باشد: پیش از تغییر کلید، علت را بررسی کنید"
	msgReplicaFolder      = "در پوشهٔ رونوشت روی سرور مقصد نمی‌توان نوشت؛ وجود پوشه و اجازهٔ نوشتن کاربر را بررسی کنید"
	msgReplicaDiskFull    = "دیسک یا سهمیهٔ فضای سرور مقصد رونوشت پر است؛ روی آن فضا آزاد کنید"
	msgReplicaOther       = "رونوشت به مقصد نرسید؛ جزئیات در گزارش سرور ثبت شده است"
)
