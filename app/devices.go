package app

import (
	"strings"

	"github.com/mileusna/useragent"
)

// The words a person reads for the browser and system of a login, from its user agent; names a phone shows
// in Latin letters are written as Iranians say them.
var (
	browserWords = map[string]string{
		useragent.Chrome: "کروم", useragent.HeadlessChrome: "کروم", useragent.Firefox: "فایرفاکس",
		useragent.Safari: "سافاری", useragent.MobileSafari: "سافاری", useragent.Edge: "اج",
		useragent.Opera: "اپرا", useragent.OperaMini: "اپرا", useragent.OperaTouch: "اپرا",
		useragent.SamsungBrowser: "مرورگر سامسونگ", useragent.Vivaldi: "ویوالدی",
		useragent.InternetExplorer: "اینترنت اکسپلورر",
	}
	systemWords = map[string]string{
		useragent.Android: "اندروید", useragent.IOS: "آی‌اواس", useragent.Windows: "ویندوز",
		useragent.MacOS: "مک", useragent.Linux: "لینوکس", useragent.ChromeOS: "کروم‌اواس",
		useragent.Harmony: "هارمونی",
	}
)

// deviceName names the device of a login from its user agent, "کروم روی اندروید", for the list of logins and
// the notice of a new one. A client that is no browser (the command line, a script) is «برنامه», and a user
// agent saying nothing known «دستگاه ناشناس».
func deviceName(userAgent string) string {
	if userAgent == "" {
		return "دستگاه ناشناس"
	}
	ua := useragent.Parse(userAgent)
	browser, system := browserWords[ua.Name], systemWords[ua.OS]
	if ua.Device == "iPhone" {
		system = "آیفون"
	} else if ua.Device == "iPad" {
		system = "آیپد"
	}
	switch {
	case browser != "" && system != "":
		return browser + " روی " + system
	case browser != "":
		return browser
	case system != "":
		return system
	case strings.HasPrefix(userAgent, "Mozilla/"): // a browser, of a kind not named above
		return "دستگاه ناشناس"
	}
	return "برنامه"
}
