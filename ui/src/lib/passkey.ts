// Passkeys in the browser (issue 27), through @simplewebauthn/browser: it turns the server's options into
// navigator.credentials calls and the browser's answer into JSON. Imported only when a person uses one.
import type { PasskeyOptions } from "../api-types";

/** createPasskey asks the browser for a new passkey with the server's registration options. */
export async function createPasskey(options: PasskeyOptions): Promise<unknown> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return startRegistration({ optionsJSON: options.publicKey as any });
}

/** usePasskey asks the browser to sign a sign-in's challenge with one of the person's passkeys. */
export async function usePasskey(options: PasskeyOptions): Promise<unknown> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return startAuthentication({ optionsJSON: options.publicKey as any });
}

/** passkeyError is the Persian sentence for a passkey the browser did not give (cancelled, timed out, none). */
export const passkeyError = "کلید عبور داده نشد؛ دوباره تلاش کنید یا کد برنامه را وارد کنید";
