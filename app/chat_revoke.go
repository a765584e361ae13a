package app

// The chat's side of ending a login: a socket opened with a login must not outlive it (issue 14).
// The auth code calls these wherever it revokes logins; the chat closes the sockets they name.

// loginRevoked closes every chat socket opened with loginID.
func (a *App) loginRevoked(loginID int64) {
	a.chat.EndLogin(loginID)
}

// userLoginsRevoked closes every chat socket of userID except those opened with keepLoginID (0: none kept).
func (a *App) userLoginsRevoked(userID, keepLoginID int64) {
	a.chat.EndUserLogins(userID, keepLoginID)
}
