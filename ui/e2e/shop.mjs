// Runs the real goldshop binary on loopback for the browser journeys: a fresh data folder, the console SMS
// provider, and the codes read from its standard error exactly as decisions.md §3 prints them.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = process.env.GOLDSHOP_BIN;
if (!bin) throw new Error('GOLDSHOP_BIN must name a built goldshop binary (./test.sh sets it)');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * JOURNEY_CODE_SPACING_MS is the least time between two codes of one phone and purpose in the shops of the
 * journeys that ask several codes (--code-spacing, honoured only with the console SMS sender): long enough
 * that a journey's second ask falls inside it, short enough that waiting it out is not most of the run.
 * The shop's own minute is tested where the spacing is not shortened (admin-reserve, the Go tests).
 */
export const JOURNEY_CODE_SPACING_MS = 25_000;

// startShop runs a shop on a fresh data folder and port, or, given them, the same shop again after kill();
// binary runs another build of it (GOLDSHOP_NEXT_BIN, the next version).
// env adds to the shop's environment (such as HTTPS_PROXY for its outgoing calls).
// codeSpacingMs shortens the minute between two codes of a phone (JOURNEY_CODE_SPACING_MS).
export async function startShop({ args = [], data = mkdtempSync(join(tmpdir(), 'goldshop-e2e-')), port, binary = bin, env = {}, codeSpacingMs } = {}) {
  port ??= await freePort();
  if (codeSpacingMs) args = [...args, '--code-spacing', `${codeSpacingMs}ms`];
  const proc = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--sms', 'console', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let log = '';
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (chunk) => { log += chunk; });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch { /* not listening yet */ }
    if (i > 100) throw new Error(`goldshop did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // end sends signal to a running shop and waits for it to exit; an ended one is left as it is
  const end = async (signal) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(signal);
    await exited;
  };
  const smsLines = (phone) => log.split('\n').filter((l) => l.startsWith(`sms to=${phone} `));
  // the console gateway's notice lines (decisions.md, "Templates"), one per notification texted
  const noticeLines = (phone, kind) => log.split('\n').filter((l) => l.startsWith(`notice to=${phone} template=goldshop-${kind} `));
  return {
    url,
    data,
    pid: proc.pid,
    log: () => log,
    smsCount: (phone) => smsLines(phone).length,
    noticeLines,
    // waitForNotices waits up to 5 s for count notice lines of kind (a dash-written notification kind) to phone.
    async waitForNotices(phone, kind, count) {
      for (let i = 0; i < 50 && noticeLines(phone, kind).length < count; i++) await new Promise((r) => setTimeout(r, 100));
      return noticeLines(phone, kind);
    },
    // waitForCode returns the code of the (n+1)-th SMS to phone, waiting for it to arrive.
    async waitForCode(phone, n) {
      for (let i = 0; i < 100; i++) {
        const lines = smsLines(phone);
        if (lines.length > n) return lines[n].match(/\b\d{5}\b/)[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS number ${n + 1} to ${phone}`);
    },
    addAdmin(phone, password) {
      const r = spawnSync(bin, ['admin', 'add', '--data', data, '--phone', phone, '--password', password], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`admin add failed: ${r.stderr}`);
    },
    // stockVault records the shop's gold holdings as the owner (token from an admin made by addAdmin): one
    // jewellery item of `grams` at 750 through POST /api/admin/vault, so the reserve guard (issue 17) lets
    // customers buy, the admin charge gold and referral rewards be paid. Anything but a 2xx answer throws.
    async stockVault(token, grams = '100000') {
      const res = await fetch(`${url}/api/admin/vault`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'jewellery', description: 'موجودی آزمایشی', weight: String(grams), purity: '750' }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`stocking the vault with ${grams} g failed: ${res.status} ${text}`);
      return JSON.parse(text);
    },
    port,
    // kill ends the process at once (SIGKILL) and keeps its data, for startShop({ data, port }) to bring back.
    kill: () => end('SIGKILL'),
    async stop() {
      await end('SIGTERM');
      rmSync(data, { recursive: true, force: true });
    },
  };
}
