/** passkeySupported says whether this browser can make and use passkeys at all (kept apart from lib/passkey, whose library loads only on use). */
export const passkeySupported = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
