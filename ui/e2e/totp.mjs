// RFC 6238 as an authenticator app computes it, for the journeys that sign in with a second factor: the
// shop's own code is never reused here, so a test computing the same code proves the shop's.
import { createHmac } from 'node:crypto';

/** base32 reads RFC 4648 base32, as an authenticator app reads the secret of an otpauth address. */
function base32(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of s.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** totpStep is the 30-second step holding time ms. */
export const totpStep = (ms = Date.now()) => Math.floor(ms / 1000 / 30);

/** totp is RFC 6238's code (SHA-1, six digits, 30 s) of secret for the 30-second step holding time ms. */
export function totp(secret, ms = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(totpStep(ms)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
