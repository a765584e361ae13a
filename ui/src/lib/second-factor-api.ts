// The second factor's calls (issue 27), loaded with the screens that make them (the sign-in's second step and
// the enrolment), off the first load.
import { request } from "../api";
import type { LoginAnswer, Message, PasskeyOptions, SecondFactorState, TOTPStart } from "../api-types";

export const secondFactorApi = {
  /** signIn finishes a sign-in its first step answered with a challenge. */
  signIn: (challenge: string, code: string) => request<LoginAnswer>("POST", "/api/auth/second-factor", { challenge, code }, { auth: false }),
  /** signInWithPasskey finishes it with the browser's passkey assertion instead of a code. */
  signInWithPasskey: (challenge: string, passkey: unknown) =>
    request<LoginAnswer>("POST", "/api/auth/second-factor", { challenge, passkey }, { auth: false }),
  state: () => request<SecondFactorState>("GET", "/api/users/me/second-factor"),
  /** start makes a new authenticator secret to confirm; confirm turns it on with its first code. */
  start: () => request<TOTPStart>("POST", "/api/users/me/second-factor/totp"),
  confirm: (code: string) => request<Message & { recovery_codes: string[] }>("POST", "/api/users/me/second-factor/totp/confirm", { code }),
  /** passkeyStart is the options to create a passkey with; passkeyConfirm keeps the browser's new passkey. */
  passkeyStart: () => request<PasskeyOptions>("POST", "/api/users/me/second-factor/passkey"),
  passkeyConfirm: (credential: unknown) =>
    request<Message & { recovery_codes: string[] }>("POST", "/api/users/me/second-factor/passkey/confirm", credential),
};
