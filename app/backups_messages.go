package app

// The Persian texts of the backup calls; kept beside messages.go so each area's wording is reviewed together.
const (
	msgBackupsOff     = "پشتیبان‌گیری در این سرور راه‌اندازی نشده است"
	msgBackupRunning  = "یک پشتیبان‌گیری در حال انجام است؛ چند لحظه بعد فهرست را دوباره ببینید"
	msgBackupFailed   = "پشتیبان‌گیری انجام نشد؛ جزئیات در گزارش سرور ثبت شده است"
	msgBackupNotFound = "فایل پشتیبان پیدا نشد"
	msgBackupNoRoom   = "پشتیبان زمان‌بندی‌شده گرفته نشد: فضای دیسک کافی نیست و پشتیبان دیسک را پر می‌کرد؛ پشتیبان‌های قدیمی را پاک کنید یا فضا را بیشتر کنید"
)
