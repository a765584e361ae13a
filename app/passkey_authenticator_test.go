package app

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"
)

// softAuthenticator is a passkey held in the test, doing what a phone's authenticator does for the browser:
// it makes a P-256 key bound to the relying party at registration ("none" attestation) and signs each
// sign-in's challenge with it, counting its uses. It is a real WebAuthn authenticator as far as the server
// can tell; the server's checks are the library's and ours.
type softAuthenticator struct {
	key    *ecdsa.PrivateKey
	id     []byte
	count  uint32
	origin string
}

func newSoftAuthenticator(t testing.TB, origin string) *softAuthenticator {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &softAuthenticator{key: key, id: id, origin: origin}
}

var b64 = base64.RawURLEncoding

// webauthnOptions are the fields of the server's options the authenticator reads.
type webauthnOptions struct {
	PublicKey struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	} `json:"publicKey"`
}

func readOptions(t testing.TB, raw string) webauthnOptions {
	var o webauthnOptions
	if err := json.Unmarshal([]byte(raw), &o); err != nil || o.PublicKey.Challenge == "" {
		t.Fatalf("webauthn options: %v %s", err, raw)
	}
	return o
}

func (a *softAuthenticator) clientData(kind, challenge string) []byte {
	raw, _ := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	return raw
}

// authData is the authenticator data: the RP id's hash, the flags (user present and verified) and the count.
func (a *softAuthenticator) authData(rpID string, flags byte) []byte {
	h := sha256.Sum256([]byte(rpID))
	out := append(h[:], flags)
	return binary.BigEndian.AppendUint32(out, a.count)
}

// create answers a registration's options (navigator.credentials.create) with the new credential.
func (a *softAuthenticator) create(t testing.TB, optionsJSON string) map[string]any {
	o := readOptions(t, optionsJSON)
	cose, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
		PublicKeyData: webauthncose.PublicKeyData{KeyType: int64(webauthncose.EllipticKey), Algorithm: int64(webauthncose.AlgES256)},
		Curve:         1, XCoord: a.key.X.FillBytes(make([]byte, 32)), YCoord: a.key.Y.FillBytes(make([]byte, 32))})
	if err != nil {
		t.Fatal(err)
	}
	data := a.authData(o.PublicKey.RP.ID, 0x45) // UP, UV, attested credential data
	data = append(data, make([]byte, 16)...)    // AAGUID
	data = binary.BigEndian.AppendUint16(data, uint16(len(a.id)))
	data = append(append(data, a.id...), cose...)
	att, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": data})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(a.clientData("webauthn.create", o.PublicKey.Challenge)),
			"attestationObject": b64.EncodeToString(att), "transports": []string{"internal"}}}
}

// get answers a sign-in's options (navigator.credentials.get) with a signed assertion, for the RP id the
// options name (rpID: "" takes theirs).
func (a *softAuthenticator) get(t testing.TB, optionsJSON, rpID string) map[string]any {
	o := readOptions(t, optionsJSON)
	if rpID == "" {
		rpID = o.PublicKey.RPID
	}
	a.count++
	data := a.authData(rpID, 0x05)
	client := a.clientData("webauthn.get", o.PublicKey.Challenge)
	h := sha256.Sum256(client)
	digest := sha256.Sum256(append(append([]byte{}, data...), h[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response": map[string]any{"clientDataJSON": b64.EncodeToString(client), "authenticatorData": b64.EncodeToString(data),
			"signature": b64.EncodeToString(sig)}}
}
