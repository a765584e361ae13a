// Runs the Socket.IO conformance server (app/socketio/conformance) on loopback for the protocol, client and
// load tests: pingInterval 300 ms, pingTimeout 200 ms, maxPayload 1,000,000, connect timeout 1 s.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const PING_INTERVAL = 300;
export const PING_TIMEOUT = 200;
export const MAX_PAYLOAD = 1_000_000;
export const CONNECT_TIMEOUT = 1000;

export function conformanceBin() {
  const bin = process.env.CONFORMANCE_BIN;
  if (!bin) throw new Error('CONFORMANCE_BIN must name a built conformance binary (./test.sh sets it)');
  return bin;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// startConformance starts the binary on the port given (a free one if none) and waits until it answers HTTP.
// load asks for socket.io's default heartbeat and sign-in times instead of the suites' short ones.
export async function startConformance({ bin = conformanceBin(), port, load = false } = {}) {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['-addr', `127.0.0.1:${port}`, ...(load ? ['-load'] : [])];
  const proc = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  let exited = false;
  const exit = new Promise((r) => proc.once('exit', (code, signal) => { exited = true; r({ code, signal }); }));
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (chunk) => { log += chunk; });
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`conformance server exited at start:\n${log}`);
    try {
      // Any answer means it listens: without a transport this is the protocol's 400 "Transport unknown".
      const r = await fetch(`${url}/engine.io/`);
      await r.arrayBuffer();
      break;
    } catch { /* not listening yet */ }
    if (i > 100) throw new Error(`conformance server did not start:\n${log}`);
    await sleep(50);
  }
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    port,
    pid: proc.pid,
    log: () => log,
    async stop() {
      if (!exited) proc.kill('SIGKILL');
      await exit;
    },
  };
}
