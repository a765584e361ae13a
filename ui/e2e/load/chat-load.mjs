// A load run of the Socket.IO server, by hand: node ui/e2e/load/chat-load.mjs [clients] (default 1000).
// It starts the conformance server (CONFORMANCE_BIN, or builds it with go), connects that many stock
// socket.io-client clients over WebSocket, and prints:
//   - fan-out latency: every client emits "message" with a timestamp at a random moment within a window and
//     times the round trip to its "message-back" (p50/p90/p99/max over all clients), for a spread-out window
//     and for a burst;
//   - server memory per connection: the server's VmRSS (/proc/<pid>/status) before any client and with all
//     of them connected, the difference divided by the clients.
// The conformance server pings every 300 ms, so the run also carries ~clients/0.3 pings a second.
// Everything stays on 127.0.0.1, and the run ends by itself (hard limit 180 s).
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { startConformance } from '../socketio/conformance.mjs';

const wanted = Number(process.argv[2] ?? 1000);
const WINDOWS = [
  ['spread over 2 s', 2000],
  ['burst within 50 ms', 50],
];
const hardStop = setTimeout(() => { console.error('load run: over 180 s, giving up'); process.exit(2); }, 180_000);
hardStop.unref();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// File descriptors: the clients' ends are all in this process, the server's in the server (Go raises its own
// soft limit to the hard one). Keep a reserve for Node's own descriptors.
const soft = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
const hard = execSync('ulimit -Hn', { shell: '/bin/sh' }).toString().trim();
const RESERVE = 64;
const fdRoom = soft === 'unlimited' ? Infinity : Number(soft) - RESERVE;
const clients = Math.min(wanted, fdRoom);

function vmRSSkB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.match(/(\d+)/)[1]);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

let bin = process.env.CONFORMANCE_BIN;
let built;
if (!bin) {
  built = mkdtempSync(join(tmpdir(), 'sio-load-'));
  bin = join(built, 'conformance');
  const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  execFileSync('go', ['build', '-o', bin, './app/socketio/conformance'], { cwd: repo, env: { ...process.env, CGO_ENABLED: '0' }, stdio: 'inherit' });
}

const srv = await startConformance({ bin });
const sockets = [];
try {
  await sleep(300);
  const rssBefore = vmRSSkB(srv.pid);

  // Connect in batches so that the accept queue is never the thing being measured.
  const connectStart = performance.now();
  const BATCH = 50;
  for (let i = 0; i < clients; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(clients, i + BATCH); j++) {
      const s = io(srv.url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000 });
      sockets.push(s);
      batch.push(new Promise((resolve, reject) => {
        s.once('connect', resolve);
        s.once('connect_error', reject);
      }));
    }
    await Promise.all(batch);
  }
  const connectMs = performance.now() - connectStart;
  await sleep(1000); // let the server settle: every client past its CONNECT, auth event and first pings
  const connectedNow = sockets.filter((s) => s.connected).length;
  const rssConnected = vmRSSkB(srv.pid);

  const rows = [];
  for (const [name, window] of WINDOWS) {
    const rtts = await Promise.all(sockets.map((s, i) => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`client ${i}: no message-back within 20 s`)), 20_000);
      setTimeout(() => {
        const sent = performance.now();
        s.once('message-back', (echo) => {
          clearTimeout(timer);
          if (echo.i !== i) reject(new Error(`client ${i} got client ${echo.i}'s message`));
          resolve(performance.now() - echo.sent);
        });
        s.emit('message', { i, sent, text: 'salam, is the 18k ring still in stock?' });
      }, Math.random() * window);
    })));
    rtts.sort((a, b) => a - b);
    rows.push({ name, n: rtts.length, p50: percentile(rtts, 50), p90: percentile(rtts, 90), p99: percentile(rtts, 99), max: rtts[rtts.length - 1] });
  }
  const rssAfter = vmRSSkB(srv.pid);

  const f = (ms) => ms.toFixed(2).padStart(8);
  console.log(`Socket.IO load run: ${clients} socket.io-client clients over WebSocket, conformance server pid ${srv.pid}`);
  console.log(`file descriptors: ulimit -n soft ${soft}, hard ${hard}; asked for ${wanted} clients, used ${clients} (${RESERVE} kept for Node itself)`);
  console.log(`connected ${connectedNow}/${clients} in ${(connectMs / 1000).toFixed(2)} s (batches of ${BATCH})`);
  console.log('');
  console.log('fan-out latency (emit "message" -> "message-back", ms)');
  console.log('window              |  clients |      p50 |      p90 |      p99 |      max');
  console.log('--------------------+----------+----------+----------+----------+---------');
  for (const r of rows) console.log(`${r.name.padEnd(19)} | ${String(r.n).padStart(8)} | ${f(r.p50)} | ${f(r.p90)} | ${f(r.p99)} | ${f(r.max)}`);
  console.log('');
  console.log('server memory (VmRSS)');
  console.log('moment                          |       kB');
  console.log('--------------------------------+---------');
  console.log(`before any client                | ${String(rssBefore).padStart(8)}`);
  console.log(`${String(clients).padStart(4)} clients connected           | ${String(rssConnected).padStart(8)}`);
  console.log(`after the latency rounds         | ${String(rssAfter).padStart(8)}`);
  console.log(`per connection ((connected - before) / ${clients}): ${((rssConnected - rssBefore) / clients).toFixed(1)} kB`);
} finally {
  for (const s of sockets) s.close();
  await srv.stop();
  if (built) rmSync(built, { recursive: true, force: true });
}
