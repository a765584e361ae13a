package store

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
)

// The factor key (issue 36): what a leaked copy of the database (a backup archive, the off-site replica) must
// not give away is sealed under a key kept outside it. A TOTP secret is kept encrypted (AES-256-GCM, bound to
// its person), a recovery code as an HMAC of the caller's hash of it; each row names the key it is sealed
// under (key_id), so a database restored without its key is told apart from a wrong code: its factors can no
// longer be answered, and the owner resets them.

// FactorKeySize is the length of the key, in bytes.
const FactorKeySize = 32

// ErrNoFactorKey is a second-factor call on a store that was given no key (UseFactorKey).
var ErrNoFactorKey = errors.New("store: no factor key")

// ErrFactorSealedElsewhere is a factor sealed under a key this store does not hold: the database was restored
// without its key file. Nothing can answer it; resetting the factor is the way back.
var ErrFactorSealedElsewhere = errors.New("store: second factor sealed under another key")

// sealer is the key's working parts: its public id and the two keys derived from it.
type sealer struct {
	id       string
	secrets  cipher.AEAD
	recovery []byte
}

func newSealer(key []byte) (*sealer, error) {
	if len(key) != FactorKeySize {
		return nil, fmt.Errorf("store: a factor key is %d bytes, not %d", FactorKeySize, len(key))
	}
	derive := func(info string) []byte {
		k, err := hkdf.Key(sha256.New, key, nil, "goldshop "+info, 32)
		if err != nil {
			panic(err) // only for a length the hash cannot give
		}
		return k
	}
	block, err := aes.NewCipher(derive("totp secrets"))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{id: hex.EncodeToString(derive("key id")[:8]), secrets: aead, recovery: derive("recovery codes")}, nil
}

// seal encrypts a person's TOTP secret; the person's id is its associated data, so a sealed secret moved to
// another row opens for nobody.
func (k *sealer) seal(userID int64, secret string) string {
	return k.sealFor(personData(userID), secret)
}

// open is seal's reverse.
func (k *sealer) open(userID int64, sealed string) (string, error) {
	return k.openFor(personData(userID), sealed)
}

// sealFor encrypts a secret bound to what it is for (its associated data): a TOTP secret to its person, the
// price feed's key to the feed.
func (k *sealer) sealFor(what []byte, secret string) string {
	nonce := make([]byte, k.secrets.NonceSize())
	rand.Read(nonce)
	return base64.StdEncoding.EncodeToString(k.secrets.Seal(nonce, nonce, []byte(secret), what))
}

// openFor is sealFor's reverse; ErrFactorSealedElsewhere for a secret sealed for something else or under
// another key.
func (k *sealer) openFor(what []byte, sealed string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < k.secrets.NonceSize() {
		return "", ErrFactorSealedElsewhere
	}
	n := k.secrets.NonceSize()
	plain, err := k.secrets.Open(nil, raw[:n], raw[n:], what)
	if err != nil {
		return "", ErrFactorSealedElsewhere
	}
	return string(plain), nil
}

// recoveryMAC is what the store keeps of a recovery code, given the caller's hash of it: without the key, a
// leaked table cannot be searched for the codes.
func (k *sealer) recoveryMAC(codeHash []byte) []byte {
	m := hmac.New(sha256.New, k.recovery)
	m.Write(codeHash)
	return m.Sum(nil)
}

func personData(userID int64) []byte { return []byte("totp:" + strconv.FormatInt(userID, 10)) }

// seals is the store's factor key, or ErrNoFactorKey.
func (s *Store) seals() (*sealer, error) {
	if k := s.factors.Load(); k != nil {
		return k, nil
	}
	return nil, ErrNoFactorKey
}

// FactorKeyReport is what UseFactorKey found: rows it sealed now (kept in the clear by a shop before the key),
// and the people whose factors are sealed under another key.
type FactorKeyReport struct {
	Sealed          int
	SealedElsewhere int
}

// UseFactorKey gives the store its factor key and seals, in one transaction, every TOTP secret and recovery
// code not sealed yet (a database from before issue 36).
func (s *Store) UseFactorKey(ctx context.Context, key []byte) (FactorKeyReport, error) {
	var rep FactorKeyReport
	k, err := newSealer(key)
	if err != nil {
		return rep, err
	}
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		rep = FactorKeyReport{}
		secrets, err := idTexts(ctx, tx, `SELECT user_id, secret FROM second_factors WHERE key_id IS NULL`)
		if err != nil {
			return err
		}
		for _, r := range secrets {
			if _, err := tx.ExecContext(ctx, `UPDATE second_factors SET secret = ?, key_id = ? WHERE user_id = ?
				AND kind = 'totp'`, k.seal(r.id, r.text), k.id, r.id); err != nil {
				return err
			}
		}
		codes, err := idTexts(ctx, tx, `SELECT id, hex(code_hash) FROM recovery_codes WHERE key_id IS NULL`)
		if err != nil {
			return err
		}
		for _, r := range codes {
			raw, _ := hex.DecodeString(r.text)
			if _, err := tx.ExecContext(ctx, `UPDATE recovery_codes SET code_hash = ?, key_id = ? WHERE id = ?`,
				k.recoveryMAC(raw), k.id, r.id); err != nil {
				return err
			}
		}
		rep.Sealed = len(secrets) + len(codes)
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT user_id FROM second_factors WHERE key_id <> ?1
			UNION SELECT user_id FROM recovery_codes WHERE key_id <> ?1)`, k.id).Scan(&rep.SealedElsewhere)
	})
	if err == nil {
		s.factors.Store(k)
	}
	return rep, err
}

// idText is a row's id and one text of it.
type idText struct {
	id   int64
	text string
}

// idTexts reads the rows of query, each an id and a text, before they are rewritten.
func idTexts(ctx context.Context, tx *sql.Tx, query string) ([]idText, error) {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []idText
	for rows.Next() {
		var r idText
		if err := rows.Scan(&r.id, &r.text); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// FactorsSealedElsewhere counts the people whose second factor is sealed under a key other than key: what
// `goldshop check` warns of after a restore without the key file.
func (s *Store) FactorsSealedElsewhere(ctx context.Context, key []byte) (int, error) {
	k, err := newSealer(key)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT user_id FROM second_factors WHERE key_id <> ?1
		UNION SELECT user_id FROM recovery_codes WHERE key_id <> ?1)`, k.id).Scan(&n)
	return n, err
}
