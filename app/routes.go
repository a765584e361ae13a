package app

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Handler returns every route of the shop in one place: health, the API (public, customer and admin
// groups) and the web UI for everything else.
func (a *App) Handler() http.Handler {
	// The lists' answers go gzipped to a client that asks (a statement page is ~40 KB, a tenth of it gzipped).
	// Only theirs: gzip costs more than it saves on the small answers of the hot calls (my-prices, me).
	gzipJSON := middleware.Compress(5, "application/json")
	r := chi.NewRouter()
	r.Use(a.recoverPanics, a.logRequests, a.securityHeaders)

	r.Get("/healthz", a.handle(a.health))
	r.Get("/manifest.webmanifest", a.webManifest)

	r.Route("/api", func(r chi.Router) {
		r.Use(noStore, finishChanges, a.sameOriginForCookies, a.cookieSession, a.authenticate, a.guardAdminPaths)
		r.NotFound(a.handle(func(http.ResponseWriter, *http.Request) error { return notFound(msgAPINotFound) }))
		r.MethodNotAllowed(a.handle(func(http.ResponseWriter, *http.Request) error {
			return &apiError{http.StatusMethodNotAllowed, msgMethodNotAllowed}
		}))

		// Public.
		r.Post("/auth/register", a.handle(a.authRegister))
		r.With(a.session).Post("/auth/login", a.secured("sign_in.password", a.authLogin))
		r.Post("/auth/login/request-code", a.handle(a.authCodeRequest))
		r.With(a.session).Post("/auth/verify", a.secured("sign_in.code", a.authVerify))
		r.With(a.session).Post("/auth/second-factor", a.secured("sign_in.second_factor", a.authSecondFactor))
		r.Post("/auth/refresh-token", a.handle(a.authRefresh))
		r.Get("/prices/prices", a.handle(a.pricesCurrent))
		r.With(gzipJSON).Get("/prices/history", a.handle(a.pricesHistory))
		// The shop's name and logo are public: the login screen and the phone's home screen show them.
		r.Get("/shop", a.handle(a.shopGet))
		r.Get("/reserves", a.handle(a.reservesGet))
		r.Get("/shop/logo-{size}.png", a.handle(a.shopLogo))

		// Signed-in customers and admins.
		r.Group(func(r chi.Router) {
			r.Use(a.requireUser)
			r.With(a.session).Post("/auth/logout", a.secured("logout", a.authLogout))
			r.Post("/auth/request-verification-code", a.handle(a.usersProfileCodeRequest))
			r.Post("/auth/verify-profile-code", a.handle(a.usersProfileCodeVerify))
			r.Get("/users/me", a.handle(a.usersMe))
			r.Get("/users/me/second-factor", a.handle(a.usersSecondFactor))
			r.Post("/users/me/second-factor/totp", a.secured("second_factor.proof", a.usersTOTPStart))
			r.Post("/users/me/second-factor/totp/confirm", a.secured("second_factor.enrolled", a.usersTOTPConfirm))
			r.Delete("/users/me/second-factor/totp", a.secured("second_factor.removed", a.usersTOTPRemove))
			r.Post("/users/me/second-factor/passkey", a.secured("second_factor.proof", a.usersPasskeyStart))
			r.Post("/users/me/second-factor/passkey/confirm", a.secured("second_factor.enrolled", a.usersPasskeyConfirm))
			r.Get("/users/me/second-factor/passkeys", a.handle(a.usersPasskeys))
			r.Delete("/users/me/second-factor/passkeys/{id}", a.secured("second_factor.removed", a.usersPasskeyRemove))
			r.Post("/users/me/second-factor/recovery-codes", a.secured("recovery_codes.renewed", a.usersRecoveryCodesRenew))
			r.Get("/users/me/daily-limits", a.handle(a.usersDailyLimits))
			r.Get("/plans", a.handle(a.plansList))
			r.Post("/plans", a.handle(a.plansCreate))
			r.Get("/plans/{id}", a.handle(a.planGet))
			r.Put("/plans/{id}", a.handle(a.planUpdate))
			r.Delete("/plans/{id}", a.handle(a.planDelete))
			r.Get("/orders", a.handle(a.ordersList))
			r.With(a.idempotent).Post("/orders", a.handle(a.ordersPlace))
			r.With(a.idempotent).Delete("/orders/{id}", a.handle(a.orderCancel))
			r.Get("/users/me/logins", a.handle(a.usersLogins))
			r.Delete("/users/me/logins", a.secured("logins.ended_others", a.usersLoginsEndOthers))
			r.Delete("/users/me/logins/{id}", a.secured("login.ended", a.usersLoginEnd))
			r.Put("/users/update", a.handle(a.usersUpdate))
			r.Put("/users/change-password", a.secured("password.changed", a.usersPasswordChange))

			r.Get("/wallet/balances", a.handle(a.walletBalances))
			r.With(a.idempotent).Post("/wallet/deposit", a.handle(a.walletDeposit))
			r.With(a.idempotent).Post("/wallet/withdraw", a.handle(a.walletWithdraw))
			r.Get("/wallet/requests/pending", a.handle(a.walletPendingWithdraws))
			r.With(gzipJSON).Get("/wallet/requests/user", a.handle(a.walletUserRequests))
			r.With(a.idempotent).Post("/wallet/requests/cancel/{id}", a.handle(a.walletCancel))
			r.With(gzipJSON).Get("/transactions/all", a.handle(a.transactionsAll))
			r.With(gzipJSON).Get("/transactions/statement", a.handle(a.transactionsStatement))
			r.With(gzipJSON).Get("/notifications", a.handle(a.notificationsList))
			r.Post("/notifications/read", a.handle(a.notificationsRead))
			r.Get("/alerts", a.handle(a.priceAlertsList))
			r.Post("/alerts", a.handle(a.priceAlertAdd))
			r.Delete("/alerts/{id}", a.handle(a.priceAlertDelete))
			r.Get("/push/key", a.handle(a.pushKey))
			r.Post("/push/subscriptions", a.handle(a.pushSubscribe))
			r.Delete("/push/subscriptions", a.handle(a.pushUnsubscribe))
			r.Get("/users/me/notification-settings", a.handle(a.notificationSettingsGet))
			r.Put("/users/me/notification-settings", a.handle(a.notificationSettingsPut))
			r.Get("/bank-accounts", a.handle(a.bankAccountsList))
			r.Post("/bank-accounts", a.handle(a.bankAccountsCreate))
			r.Delete("/bank-accounts/{id}", a.handle(a.bankAccountsDelete))

			r.Get("/prices/my-prices", a.handle(a.myPrices))
			r.Post("/prices/buy", a.handle(a.pricesBuy))
			r.Post("/prices/sell", a.handle(a.pricesSell))
			r.With(a.idempotent).Post("/prices/verify-transaction", a.handle(a.pricesVerify))
			r.Get("/referral/stats", a.handle(a.referralStats))
			r.Get("/counter/invoices/{id}", a.handle(a.myCounterInvoice))

			r.Get("/gold/abshode", a.handle(a.goldAbshode))
			r.With(a.idempotent).Post("/gold/request", a.handle(a.goldRequest))
			r.With(gzipJSON).Get("/gold/user-requests", a.handle(a.goldUserRequests))
			r.Post("/chat/start", a.handle(a.chatStart))
			r.Post("/chat/upload", a.handle(a.chatUpload))
			r.With(a.idempotent).Post("/gold/requests/cancel/{id}", a.handle(a.goldCancel))
		})

		// The desks staff work at: money and gold requests, chat, the user lists. Everything else an admin
		// does is the owner's (requireOwner): prices, grades, trading settings, charges, the shop, staff, backups.
		r.Group(func(r chi.Router) {
			r.Use(a.requireAdmin)
			r.With(gzipJSON).Get("/wallet/requests", a.handle(a.walletPendingAll))
			r.With(gzipJSON).Get("/wallet/requests/admin", a.handle(a.walletAdminList))
			r.With(a.idempotent).Put("/wallet/requests/{id}", a.handle(a.walletDecide))
			r.With(gzipJSON).Get("/adminGoldTransactions/gold-transactions", a.handle(a.adminGoldTransactions))
			r.With(gzipJSON).Get("/gold/admin-requests", a.handle(a.goldAdminRequests))
			r.With(a.idempotent).Put("/gold/requests/{id}", a.handle(a.goldDecide))
			r.With(gzipJSON).Get("/chat/admin/rooms", a.handle(a.chatAdminRooms))
		})
		r.Group(func(r chi.Router) {
			r.Use(a.requireOwner)
			r.Get("/adminCharge/user/{query}", a.handle(a.adminChargeUser))
			r.With(a.idempotent).Post("/adminCharge/charge", a.handle(a.adminCharge))
			r.Get("/priceSettings", a.handle(a.priceSettingsGet))
			r.Put("/priceSettings", a.handle(a.priceSettingsPut))
		})

		// guardAdminPaths also covers /api/adminCharge/… and /api/adminGoldTransactions/….
		r.Route("/admin", func(r chi.Router) {
			r.Use(a.requireAdmin)
			r.With(gzipJSON).Get("/users", a.handle(a.adminUsers))
			r.Get("/abshodeh", a.handle(a.adminBars))
			r.Get("/vault", a.handle(a.adminVault))
			r.Get("/vault/{id}", a.handle(a.adminVaultItem))
			r.Get("/vault/by-tag/{code}", a.handle(a.vaultByTag))
			r.Get("/vault/barcode/{code}.png", a.handle(a.tagBarcode))
			r.Get("/vault/melts", a.handle(a.meltBatches))
			r.Get("/vault/melts/{id}", a.handle(a.meltBatch))
			r.Get("/counter/days", a.handle(a.counterDays))
			r.Get("/counter/days/{date}", a.handle(a.counterDay))
			r.With(a.idempotent).Post("/counter/days/{date}/close", a.handle(a.counterDayClose))
			r.Get("/counter/terms", a.handle(a.counterTerms))
			r.Post("/counter/price", a.handle(a.counterPrice))
			r.With(a.idempotent).Post("/counter/invoices", a.handle(a.counterRecord))
			r.Get("/counter/invoices", a.handle(a.counterInvoices))
			r.Get("/counter/invoices/{id}", a.handle(a.counterInvoice))
			r.Get("/dashboard", a.handle(a.adminDashboard))
			r.Get("/storage", a.handle(a.adminStorage))
			r.Get("/clock", a.handle(a.adminClock))
			r.With(gzipJSON).Get("/users-balances", a.handle(a.adminUsersBalances))
			r.With(gzipJSON).Get("/user-transactions/{userId}", a.handle(a.adminUserTransactions))

			r.Group(func(r chi.Router) {
				r.Use(a.requireOwner)
				r.Post("/prices", a.handle(a.adminPriceSet))
				r.Get("/price-feed", a.handle(a.priceFeedGet))
				r.Put("/price-feed", a.handle(a.priceFeedPut))
				r.Get("/price-feed/status", a.handle(a.priceFeedStatus))
				r.Post("/price-feed/apply", a.handle(a.priceFeedApply))
				r.Post("/price-feed/keep", a.handle(a.priceFeedKeep))
				r.Post("/price-feed/resume", a.handle(a.priceFeedResume))
				r.Post("/price-feed/test", a.handle(a.priceFeedTest))
				r.Get("/prices", a.handle(a.adminPrices))
				r.Get("/grades", a.handle(a.adminGrades))
				r.Put("/grades/{id}", a.handle(a.adminGradeUpdate))
				r.Put("/users/{id}", a.handle(a.adminUserGradeSet))
				r.Get("/daily-limits", a.handle(a.adminDailyLimits))
				r.Put("/daily-limits/grades/{grade}", a.handle(a.adminGradeDailyLimitsSet))
				r.Get("/users/{id}/daily-limits", a.handle(a.adminUserDailyLimits))
				r.Put("/users/{id}/daily-limits", a.handle(a.adminUserDailyLimitsSet))
				r.Post("/abshodeh", a.handle(a.adminBarAdd))
				r.Put("/abshodeh/{id}", a.handle(a.adminBarUpdate))
				r.Delete("/abshodeh/{id}", a.handle(a.adminBarDelete))
				r.Post("/vault", a.handle(a.adminVaultAdd))
				r.Put("/vault/{id}", a.handle(a.adminVaultUpdate))
				r.Post("/vault/{id}/out", a.handle(a.adminVaultOut))
				r.Get("/counter/settings", a.handle(a.counterSettingsGet))
				r.Put("/counter/settings", a.handle(a.counterSettingsPut))
				r.With(a.idempotent).Post("/counter/invoices/{id}/void", a.handle(a.counterVoid))
				r.With(a.idempotent).Post("/vault/melts", a.handle(a.meltSend))
				r.With(a.idempotent).Post("/vault/melts/{id}/result", a.handle(a.meltResult))
				r.Post("/vault/melts/{id}/cancel", a.handle(a.meltCancel))
				r.Post("/counter/days/{date}/reopen", a.handle(a.counterDayReopen))
				r.With(a.idempotent).Post("/counter/drawer", a.handle(a.counterDrawerMove))

				r.Get("/shop", a.handle(a.adminShopGet))
				r.Put("/shop", a.handle(a.adminShopPut))
				r.Post("/shop/logo", a.handle(a.adminShopLogo))
				r.Get("/staff", a.handle(a.adminStaffList))
				r.Post("/staff", a.secured("role.changed", a.adminStaffAdd))
				r.Put("/staff/{id}", a.secured("role.changed", a.adminStaffSetRole))
				r.Delete("/staff/{id}", a.secured("role.changed", a.adminStaffRemove))
				r.Delete("/staff/{id}/second-factor", a.secured("second_factor.reset", a.adminStaffSecondFactorReset))
				r.Delete("/users/{id}/second-factor", a.secured("second_factor.reset", a.adminUserSecondFactorReset))
				r.With(gzipJSON).Get("/audit", a.handle(a.adminAudit))
				r.With(gzipJSON).Get("/security-events", a.handle(a.adminSecurityEvents))
				r.Get("/replica", a.handle(a.adminReplica))
				r.Get("/plans", a.handle(a.adminPlans))
				r.Put("/plans", a.handle(a.adminPlansSwitch))
				r.Get("/orders", a.handle(a.adminOrders))
				r.Get("/backups", a.handle(a.adminBackupsList))
				r.Post("/backups", a.handle(a.adminBackupsStart))
				r.Get("/backups/{name}", a.handle(a.adminBackupDownload))
				r.Get("/certificate", a.handle(a.adminCertificate))
				r.Get("/reserve-settings", a.handle(a.reserveSettingsGet))
				r.Put("/reserve-settings", a.handle(a.reserveSettingsPut))
				r.Get("/reserve", a.handle(a.reservePanel))
				r.Get("/bank-balances", a.handle(a.bankBalancesGet))
				r.Get("/sms-outbox", a.handle(a.adminSMSOutbox))
				r.Get("/alerts", a.handle(a.adminPriceAlerts))
				r.Post("/bank-balances", a.handle(a.bankBalanceAdd))
				r.Get("/exports/invoices.json", a.handle(a.adminInvoicesExportJSON))
				r.Get("/exports/{name}.csv", a.handle(a.adminExport))
			})
		})
	})

	// Uploaded files go only to their owner and to admins, by cookie or bearer token.
	r.With(noStore, a.cookieSession, a.authenticate, a.requireUser).
		Get("/uploads/receipts/{name}", a.handle(a.receiptServe))
	r.With(a.cookieSession, a.authenticate, a.requireUser).
		Get("/uploads/chat/{name}", a.handle(a.chatFileServe))

	// The UI's files go out gzipped: a cheap phone on a slow network fetches about a third of the bytes.
	r.NotFound(middleware.Compress(5, "text/html", "text/css", "text/javascript", "application/javascript",
		"image/svg+xml")(a.serveUI()).ServeHTTP)
	return a.withChatSocket(r)
}

// withChatSocket sends /socket.io/ to the chat hub ahead of the router: its long polls and WebSocket
// upgrades need the bare ResponseWriter (to hijack it) and would flood the request log.
func (a *App) withChatSocket(next http.Handler) http.Handler {
	socket := a.recoverPanics(a.securityHeaders(a.chat.Handler()))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/socket.io/") {
			socket.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// health answers 200 while the database answers, 503 otherwise.
func (a *App) health(w http.ResponseWriter, r *http.Request) error {
	if err := a.store.Ping(r.Context()); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return nil
	}
	if a.storageLevel() == storageFull { // a monitor should see what customers see: nothing can be written
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": "storage full"})
		return nil
	}
	return okJSON(w, map[string]string{"status": "ok"})
}
