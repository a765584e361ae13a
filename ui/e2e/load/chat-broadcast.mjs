// A loopback load run of the support chat on the real binary (not part of the test command):
//   cd ui && GOLDSHOP_BIN=/tmp/goldshop node e2e/load/chat-broadcast.mjs [clients] [messages]
// It opens `clients` stock socket.io-client connections over WebSocket as the shop's admins (the desk open in
// that many tabs), then customers send `messages` chat messages; every message is broadcast to every admin
// socket as `unread_count`. It prints the broadcast latency (send → each admin socket's receipt) at p50/p99
// and the server's resident memory per connection (VmRSS from /proc before and after connecting).
import { readFileSync } from 'node:fs';
import { io } from 'socket.io-client';
import { apiFor } from '../api.mjs';
import { startShop } from '../shop.mjs';

const clients = Number(process.argv[2] ?? 1000);
const messages = Number(process.argv[3] ?? 50);
const perCustomer = 10; // the hub allows 20 sends per 10 s per connection

const debugPort = 20000 + Math.floor(Math.random() * 20000);
const debugURL = `http://127.0.0.1:${debugPort}`;
// --trust-proxy: each admin logs in "from" their own address (X-Forwarded-For from loopback), so the run's
// logins stay under the per-address login limit
const shop = await startShop({ args: ['--debug-addr', `127.0.0.1:${debugPort}`, '--trust-proxy'] });
const { registerCustomer, call, enrol } = apiFor(() => shop);
const rss = () => Number(readFileSync(`/proc/${shop.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) * 1024;

// One user may hold 5 chat sockets (decisions.md "Support chat"): the desk's `clients` tabs belong to as many
// admins as that takes, each logged in once.
const socketsPerUser = 5;
const admins = [];
for (let i = 0; i < Math.ceil(clients / socketsPerUser); i++) {
  const phone = `0935${String(1000000 + i).slice(-7)}`;
  shop.addAdmin(phone, 'load-run-owner');
  const res = await fetch(`${shop.url}/api/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.77.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ phone_number: phone, password: 'load-run-owner' }),
  });
  const { accessToken } = await res.json();
  await enrol(phone, accessToken); // an admin's socket is refused before their second factor is on
  admins.push(accessToken);
}
const connectOne = (token) => new Promise((resolve, reject) => {
  const s = io(shop.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  s.once('connect', () => resolve(s));
  s.once('connect_error', reject);
});

// Live server memory from the runtime itself (heap after a forced GC, plus goroutine stacks): RSS alone
// would hide the connections inside the memory the login's Argon2id hash has just freed.
async function liveBytes() {
  await fetch(`${debugURL}/debug/pprof/heap?gc=1`).then((r) => r.arrayBuffer());
  const { memstats: m } = await (await fetch(`${debugURL}/debug/vars`)).json();
  return { heap: m.HeapInuse, stack: m.StackInuse, rss: rss() };
}
const before = await liveBytes();
const desks = [];
const started = performance.now();
// at most 20 sessions of one address may be signing in at once: batches of 20
for (let i = 0; i < clients; i += 20) {
  const batch = Array.from({ length: Math.min(20, clients - i) }, (_, k) => connectOne(admins[Math.floor((i + k) / socketsPerUser)]));
  desks.push(...(await Promise.all(batch)));
}
const connectMs = performance.now() - started;
await new Promise((r) => setTimeout(r, 1000));
const after = await liveBytes();

const latencies = [];
const sentAt = new Map(); // unread count → time sent (counts rise by one per message in the one room)
for (const d of desks) {
  d.on('unread_count', ({ room_id: room, count }) => {
    const t = sentAt.get(`${room}:${count}`);
    if (t !== undefined) latencies.push(performance.now() - t);
  });
}

const customers = Math.ceil(messages / perCustomer);
let sent = 0;
for (let c = 0; c < customers; c++) {
  const phone = `0912700${String(c).padStart(4, '0')}`;
  const customer = await registerCustomer(phone, String(800000000 + c));
  const { data: { room_id: room } } = await call('/api/chat/start', { method: 'POST', token: customer.accessToken });
  const sock = await connectOne(customer.accessToken);
  for (let m = 1; m <= perCustomer && sent < messages; m++, sent++) {
    const expected = latencies.length + clients;
    sentAt.set(`${room}:${m}`, performance.now());
    await new Promise((resolve) => sock.emit('send_message', { room_id: room, message: `پیام ${m}` }, resolve));
    const deadline = Date.now() + 10_000;
    while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  }
  sock.close();
}

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
console.log(`connected clients        ${desks.length} (in ${(connectMs / 1000).toFixed(1)} s)`);
console.log(`broadcasts              ${sent} messages × ${clients} sockets = ${latencies.length} deliveries received`);
console.log(`broadcast latency        p50 ${pct(0.5)} ms   p99 ${pct(0.99)} ms   max ${latencies.at(-1).toFixed(1)} ms`);
const mib = (n) => (n / 2 ** 20).toFixed(1);
const perConn = (k) => ((after[k] - before[k]) / clients / 1024).toFixed(1);
console.log(`server heap in use       ${mib(before.heap)} MiB → ${mib(after.heap)} MiB (${perConn('heap')} KiB per connection)`);
console.log(`goroutine stacks         ${mib(before.stack)} MiB → ${mib(after.stack)} MiB (${perConn('stack')} KiB per connection)`);
console.log(`memory per connection    ${((after.heap + after.stack - before.heap - before.stack) / clients / 1024).toFixed(1)} KiB live`);
console.log(`server RSS               ${mib(before.rss)} MiB → ${mib(after.rss)} MiB`);
for (const d of desks) d.close();
await shop.stop();
process.exit(0);
