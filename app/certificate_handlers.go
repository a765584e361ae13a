package app

import (
	"math"
	"net/http"
	"time"
)

// CertificateWarnDays is how near its expiry a certificate must be for the owner to be warned: two weeks leave
// time to renew it by hand when an internet outage keeps the shop from its ACME CA.
const CertificateWarnDays = 14

// CertificateStatus is the HTTPS certificate the shop serves.
type CertificateStatus struct {
	Source   string    // "files" (--tls-cert) or "acme" (--acme-domain)
	Domain   string    // the name the certificate is for
	NotAfter time.Time // zero while no certificate has been obtained yet
}

// DaysLeft is the whole days from now until the certificate expires; negative once it has.
func (s CertificateStatus) DaysLeft(now time.Time) int {
	return int(math.Floor(s.NotAfter.Sub(now).Hours() / 24))
}

// Expiring tells whether the owner must act: the certificate expires within CertificateWarnDays, or the shop
// serves HTTPS without one yet.
func (s CertificateStatus) Expiring(now time.Time) bool {
	return s.NotAfter.IsZero() || s.DaysLeft(now) <= CertificateWarnDays
}

// certificateView is GET /api/admin/certificate; all zero when the shop serves plain HTTP.
type certificateView struct {
	HTTPS     bool   `json:"https"`
	Source    string `json:"source"`
	Domain    string `json:"domain"`
	ExpiresAt string `json:"expires_at"` // RFC 3339; "" while there is no certificate
	DaysLeft  int    `json:"days_left"`
	Warning   bool   `json:"warning"`
}

func (a *App) adminCertificate(w http.ResponseWriter, r *http.Request) error {
	if a.cert == nil {
		return okJSON(w, certificateView{})
	}
	s, ok := a.cert()
	if !ok {
		return okJSON(w, certificateView{})
	}
	now := a.now()
	v := certificateView{HTTPS: true, Source: s.Source, Domain: s.Domain, Warning: s.Expiring(now)}
	if !s.NotAfter.IsZero() {
		v.ExpiresAt = s.NotAfter.UTC().Format(time.RFC3339)
		v.DaysLeft = s.DaysLeft(now)
	}
	return okJSON(w, v)
}
