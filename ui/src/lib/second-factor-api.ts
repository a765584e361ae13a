// The second factor's calls (issue 27), loaded with the screens that make them (the sign-in's second step and
// the enrolment), off the first load. Every change of a factor carries its proof (issue 36): the password
// where no factor is on, the factor's code where one is.
import { request } from "../api";
import type { FactorProof, LoginAnswer, Message, PasskeyInfo, PasskeyOptions, SecondFactorState, TOTPStart } from "../api-types";

/** Changed is the answer to a factor change: how many other logins it ended. */
type Changed = Message & { ended_logins: number };
/** WithCodes is a change that also gives ten recovery codes, shown this once. */
type WithCodes = Changed & { recovery_codes: string[] };

export const secondFactorApi = {
  /** signIn finishes a sign-in its first step answered with a challenge. */
  signIn: (challenge: string, code: string) => request<LoginAnswer>("POST", "/api/auth/second-factor", { challenge, code }, { auth: false }),
  /** signInWithPasskey finishes it with the browser's passkey assertion instead of a code. */
  signInWithPasskey: (challenge: string, passkey: unknown) =>
    request<LoginAnswer>("POST", "/api/auth/second-factor", { challenge, passkey }, { auth: false }),
  state: () => request<SecondFactorState>("GET", "/api/users/me/second-factor"),
  /** start makes a new authenticator secret to confirm; confirm turns it on with its first code. */
  start: (proof: FactorProof) => request<TOTPStart>("POST", "/api/users/me/second-factor/totp", proof),
  confirm: (code: string, endOtherLogins: boolean) =>
    request<WithCodes>("POST", "/api/users/me/second-factor/totp/confirm", { code, end_other_logins: endOtherLogins }),
  /** removeTOTP turns the authenticator off. */
  removeTOTP: (proof: FactorProof) => request<Changed>("DELETE", "/api/users/me/second-factor/totp", proof),
  /** passkeyStart is the options to create a passkey with; passkeyConfirm keeps the browser's new passkey. */
  passkeyStart: (proof: FactorProof) => request<PasskeyOptions>("POST", "/api/users/me/second-factor/passkey", proof),
  passkeyConfirm: (credential: unknown, endOtherLogins: boolean) =>
    request<WithCodes>("POST", `/api/users/me/second-factor/passkey/confirm?end_other_logins=${endOtherLogins}`, credential),
  passkeys: () => request<{ passkeys: PasskeyInfo[] }>("GET", "/api/users/me/second-factor/passkeys"),
  removePasskey: (id: string, proof: FactorProof) =>
    request<Changed>("DELETE", `/api/users/me/second-factor/passkeys/${encodeURIComponent(id)}`, proof),
  /** renewRecoveryCodes puts ten new recovery codes in place of the old ones. */
  renewRecoveryCodes: (proof: FactorProof) => request<WithCodes>("POST", "/api/users/me/second-factor/recovery-codes", proof),
};
