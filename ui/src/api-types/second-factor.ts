// The second factor: its state, a passkey's options and list, an authenticator's start, the proof a change
// carries. api.ts re-exports every shape (api-types/index.ts).

/** SecondFactorState is GET /api/users/me/second-factor. */
export type SecondFactorState = { totp: boolean; passkeys: number; passkey_available: boolean; recovery_codes_left: number };

/** PasskeyOptions are the server's options for navigator.credentials.create or .get, as go-webauthn writes them. */
export type PasskeyOptions = { publicKey: Record<string, unknown> };

/** TOTPStart is a new authenticator's secret and the otpauth:// address its QR code carries. */
export type TOTPStart = { secret: string; uri: string };

/**
 * FactorProof is what a change of the second factor carries (issue 36): the password where no factor is on,
 * the factor's code where one is, and whether the person's other logins end with the change.
 */
export type FactorProof = { password?: string; code?: string; end_other_logins?: boolean };

/** PasskeyInfo is one of the person's passkeys; last_used_at is null before its first use. */
export type PasskeyInfo = { id: string; created_at: string; last_used_at: string | null };
