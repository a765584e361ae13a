package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"
)

// Shop is the shop's own identity, as the owner set it.
type Shop struct {
	Name      string
	ShortName string
	Phones    []string
	Address   string
	Hours     string
	About     string
	Licence   string
	// the shop's tax identity, printed on every counter invoice (issue 38)
	EconomicCode, NationalID, PostalCode string
	LogoVersion                          int64 // 0 until a logo is uploaded
	Configured                           bool  // the owner has saved the settings at least once
	// the day's upload quotas of one customer (quotas.go)
	ReceiptsPerDay  int
	ChatFilesPerDay int
}

// DefaultShop is what a fresh install shows until the owner names the shop.
var DefaultShop = Shop{Name: "فروشگاه طلا", ShortName: "فروشگاه طلا", Phones: []string{}, ReceiptsPerDay: 20,
	ChatFilesPerDay: 50}

// Shop returns the shop's settings, or DefaultShop before the owner first saves them.
func (s *Store) Shop(ctx context.Context) (Shop, error) {
	return readShop(ctx, s.read.QueryRowContext)
}

type queryRower func(ctx context.Context, query string, args ...any) *sql.Row

func readShop(ctx context.Context, query queryRower) (Shop, error) {
	var sh Shop
	var phones string
	var configured sql.NullInt64
	err := query(ctx, `SELECT name, short_name, phones, address, hours, about, licence, logo_version, configured_at,
		receipts_per_day, chat_files_per_day, economic_code, national_id, postal_code FROM shop_settings WHERE id = 1`).
		Scan(&sh.Name, &sh.ShortName, &phones, &sh.Address, &sh.Hours, &sh.About, &sh.Licence, &sh.LogoVersion,
			&configured, &sh.ReceiptsPerDay, &sh.ChatFilesPerDay, &sh.EconomicCode, &sh.NationalID, &sh.PostalCode)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultShop, nil
	}
	if err != nil {
		return Shop{}, err
	}
	sh.Configured = configured.Valid
	if err := json.Unmarshal([]byte(phones), &sh.Phones); err != nil {
		return Shop{}, err
	}
	return sh, nil
}

// SaveShop replaces the shop's text settings (the logo is SaveShopLogo's), audited as shop.update with
// before and after. It returns the saved settings.
func (s *Store) SaveShop(ctx context.Context, actorID int64, sh Shop, now time.Time) (Shop, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := readShop(ctx, tx.QueryRowContext)
		if err != nil {
			return err
		}
		phones, err := json.Marshal(sh.Phones)
		if err != nil {
			return err
		}
		sh.LogoVersion, sh.Configured = before.LogoVersion, true
		if _, err := tx.ExecContext(ctx, `INSERT INTO shop_settings
			(id, name, short_name, phones, address, hours, about, licence, configured_at, updated_at, receipts_per_day,
				chat_files_per_day, economic_code, national_id, postal_code)
			VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, short_name = excluded.short_name,
				phones = excluded.phones, address = excluded.address, hours = excluded.hours, about = excluded.about,
				licence = excluded.licence, configured_at = COALESCE(configured_at, excluded.configured_at),
				updated_at = excluded.updated_at, receipts_per_day = excluded.receipts_per_day,
				chat_files_per_day = excluded.chat_files_per_day, economic_code = excluded.economic_code,
				national_id = excluded.national_id, postal_code = excluded.postal_code`,
			sh.Name, sh.ShortName, string(phones), sh.Address, sh.Hours, sh.About, sh.Licence,
			now.UnixMilli(), now.UnixMilli(), sh.ReceiptsPerDay, sh.ChatFilesPerDay, sh.EconomicCode, sh.NationalID,
			sh.PostalCode); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: actorID, Action: "shop.update", Target: "shop",
			Before: shopFacts(before), After: shopFacts(sh)}, now)
	})
	return sh, err
}

// shopFacts is how a shop's settings read in the audit log.
func shopFacts(sh Shop) map[string]any {
	return map[string]any{"name": sh.Name, "short_name": sh.ShortName, "phones": sh.Phones, "address": sh.Address,
		"hours": sh.Hours, "about": sh.About, "licence": sh.Licence, "receipts_per_day": sh.ReceiptsPerDay,
		"chat_files_per_day": sh.ChatFilesPerDay, "economic_code": sh.EconomicCode, "national_id": sh.NationalID,
		"postal_code": sh.PostalCode}
}

// SaveShopLogo replaces the logo, one PNG per size, and bumps its version; audited as shop.logo.
func (s *Store) SaveShopLogo(ctx context.Context, actorID int64, pngs map[int][]byte, now time.Time) (int64, error) {
	var version int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		sh, err := readShop(ctx, tx.QueryRowContext)
		if err != nil {
			return err
		}
		phones, err := json.Marshal(sh.Phones)
		if err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO shop_settings
			(id, name, short_name, phones, address, hours, about, licence, logo_version, updated_at)
			VALUES (1, ?, ?, ?, ?, ?, ?, ?, 1, ?)
			ON CONFLICT (id) DO UPDATE SET logo_version = logo_version + 1, updated_at = excluded.updated_at
			RETURNING logo_version`, sh.Name, sh.ShortName, string(phones), sh.Address, sh.Hours, sh.About, sh.Licence,
			now.UnixMilli()).Scan(&version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM shop_logo`); err != nil {
			return err
		}
		for size, png := range pngs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO shop_logo (size, png) VALUES (?, ?)`, size, png); err != nil {
				return err
			}
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: actorID, Action: "shop.logo", Target: "shop",
			Before: map[string]any{"logo_version": sh.LogoVersion}, After: map[string]any{"logo_version": version}}, now)
	})
	return version, err
}

// ShopLogo returns the logo's PNG at size; ErrNotFound when there is none.
func (s *Store) ShopLogo(ctx context.Context, size int) ([]byte, error) {
	var png []byte
	err := s.read.QueryRowContext(ctx, `SELECT png FROM shop_logo WHERE size = ?`, size).Scan(&png)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return png, err
}
