package app

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"goldshop/store"
)

// shopView is the shop's identity as GET /api/shop shows it to everyone.
type shopView struct {
	Name      string   `json:"name"`
	ShortName string   `json:"short_name"`
	Phones    []string `json:"phones"`
	Address   string   `json:"address"`
	Hours     string   `json:"hours"`
	About     string   `json:"about"`
	Licence   string   `json:"licence"`
	// the tax identity an invoice prints (issue 38)
	EconomicCode string `json:"economic_code"`
	NationalID   string `json:"national_id"`
	PostalCode   string `json:"postal_code"`
	LogoURL      string `json:"logo_url"` // "" until the owner uploads a logo
}

// adminShopView adds what only the owner needs: whether the settings were ever saved (the first-run card)
// and a customer's upload quotas of a day.
type adminShopView struct {
	shopView
	Configured      bool `json:"configured"`
	ReceiptsPerDay  int  `json:"receipts_per_day"`
	ChatFilesPerDay int  `json:"chat_files_per_day"`
}

func viewAdminShop(sh store.Shop) adminShopView {
	return adminShopView{viewShop(sh), sh.Configured, sh.ReceiptsPerDay, sh.ChatFilesPerDay}
}

func viewShop(sh store.Shop) shopView {
	v := shopView{Name: sh.Name, ShortName: sh.ShortName, Phones: sh.Phones, Address: sh.Address, Hours: sh.Hours,
		About: sh.About, Licence: sh.Licence, EconomicCode: sh.EconomicCode, NationalID: sh.NationalID, PostalCode: sh.PostalCode}
	if v.Phones == nil {
		v.Phones = []string{}
	}
	if sh.LogoVersion > 0 {
		v.LogoURL = logoURL(192, sh.LogoVersion)
	}
	return v
}

// logoURL is the address of the logo at size; the version in it lets browsers cache each logo for good.
func logoURL(size int, version int64) string {
	return "/api/shop/logo-" + strconv.Itoa(size) + ".png?v=" + strconv.FormatInt(version, 10)
}

// shop returns the shop's settings from memory: the SMS text and every page served read them, and only the
// owner's saves change them (through saveShop, which refreshes the copy).
func (a *App) shop() store.Shop {
	if sh := a.shopCache.Load(); sh != nil {
		return *sh
	}
	return store.DefaultShop
}

// loadShop reads the shop's settings into memory.
func (a *App) loadShop(ctx context.Context) error {
	sh, err := a.store.Shop(ctx)
	if err != nil {
		return err
	}
	a.shopCache.Store(&sh)
	return nil
}

func (a *App) shopGet(w http.ResponseWriter, r *http.Request) error {
	return okJSON(w, viewShop(a.shop()))
}

func (a *App) adminShopGet(w http.ResponseWriter, r *http.Request) error {
	return okJSON(w, viewAdminShop(a.shop()))
}

// adminShopPut changes the fields the owner sent and keeps the rest; audited with before and after.
func (a *App) adminShopPut(w http.ResponseWriter, r *http.Request) error {
	var in shopInput
	if err := decode(w, r, &in); err != nil {
		return err
	}
	current, err := a.store.Shop(r.Context())
	if err != nil {
		return err
	}
	next, problem := in.apply(current)
	if problem != "" {
		return badRequest(problem)
	}
	saved, err := a.store.SaveShop(r.Context(), caller(r).User.ID, next, a.now())
	if err != nil {
		return err
	}
	if err := a.loadShop(r.Context()); err != nil {
		return err
	}
	return okJSON(w, viewAdminShop(saved))
}

// adminShopLogo replaces the logo with the uploaded picture, resized here to every size the UI needs. A
// refused file changes nothing: the old logo keeps being served.
func (a *App) adminShopLogo(w http.ResponseWriter, r *http.Request) error {
	part, err := formFile(w, r, "logo", maxLogoBytes, msgLogoRequired, msgLogoTooLarge)
	if err != nil {
		return logoRefused(err)
	}
	pngs, err := readLogo(part)
	part.Close()
	if err != nil {
		return logoRefused(err)
	}
	if _, err := a.store.SaveShopLogo(r.Context(), caller(r).User.ID, pngs, a.now()); err != nil {
		return err
	}
	if err := a.loadShop(r.Context()); err != nil {
		return err
	}
	return a.adminShopGet(w, r)
}

// logoRefused answers every refused logo with 400, a file too large included (the contract of issue 15).
func logoRefused(err error) error {
	var ae *apiError
	if errors.As(err, &ae) && ae.Status == http.StatusRequestEntityTooLarge {
		return badRequest(ae.Message)
	}
	return err
}

// shopLogo serves the logo at one of logoSizes to anyone; each version has its own address, so it is cached
// for a year.
func (a *App) shopLogo(w http.ResponseWriter, r *http.Request) error {
	size, err := strconv.Atoi(chi.URLParam(r, "size"))
	if err != nil || !validLogoSize(size) {
		return notFound(msgNotFound)
	}
	png, err := a.store.ShopLogo(r.Context(), size)
	if errors.Is(err, store.ErrNotFound) { // no logo yet: the default icon, for phones' home screens
		png, err = defaultIcon(size), nil
	}
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	if r.URL.Query().Get("v") != strconv.FormatInt(a.shop().LogoVersion, 10) {
		h.Set("Cache-Control", "no-cache") // an old or missing version must not be cached as the current logo
	}
	_, err = w.Write(png)
	return err
}

func validLogoSize(size int) bool {
	for _, s := range logoSizes {
		if s == size {
			return true
		}
	}
	return false
}
