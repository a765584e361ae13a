// Raw Engine.IO / Socket.IO wire helpers for the protocol tests: a WebSocket peer that buffers every frame
// (so none is lost between two awaits), and the HTTP long-polling requests.
import http from 'node:http';
import assert from 'node:assert/strict';
import WebSocket from 'ws';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Peer is one raw WebSocket. Text frames arrive as strings, binary frames as Buffers. Server pings ("2")
// are answered and hidden when pings is 'auto' (the default), handed to the test when 'keep'.
export class Peer {
  constructor(url, { pings = 'auto' } = {}) {
    this.pings = pings;
    this.inbox = [];
    this.waiters = [];
    this.closedInfo = null;
    this.ws = new WebSocket(url);
    this.ws.on('error', () => {}); // a refused or broken socket also emits close, which is what tests await
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('close', () => reject(new Error('closed before it opened')));
    });
    this.opened.catch(() => {});
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code) => {
        this.closedInfo = { code, at: performance.now() };
        for (const w of this.waiters.splice(0)) w.reject(new Error(`socket closed (code ${code})`));
        resolve(this.closedInfo);
      });
    });
    this.ws.on('message', (data, isBinary) => {
      const m = { data: isBinary ? Buffer.from(data) : data.toString(), at: performance.now() };
      if (m.data === '2' && this.pings === 'auto') {
        this.ws.send('3');
        return;
      }
      const w = this.waiters.shift();
      if (w) w.resolve(m);
      else this.inbox.push(m);
    });
  }

  send(data) {
    this.ws.send(data);
  }

  // nextTimed resolves with the next frame and when it arrived; it fails when the socket closes first.
  nextTimed(timeout = 3000) {
    if (this.inbox.length) return Promise.resolve(this.inbox.shift());
    if (this.closedInfo) return Promise.reject(new Error(`socket closed (code ${this.closedInfo.code})`));
    return new Promise((resolve, reject) => {
      const w = {
        resolve: (m) => { clearTimeout(timer); resolve(m); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`no frame within ${timeout} ms`));
      }, timeout);
      this.waiters.push(w);
    });
  }

  async next(timeout) {
    return (await this.nextTimed(timeout)).data;
  }

  async nextN(n, timeout) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await this.next(timeout));
    return out;
  }

  // expectClose waits for the server to close the socket, failing after timeout.
  async expectClose(timeout = 3000) {
    let timer;
    const t = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`not closed within ${timeout} ms`)), timeout); });
    try {
      return await Promise.race([this.closed, t]);
    } finally {
      clearTimeout(timer);
    }
  }

  close() {
    this.ws.terminate();
  }
}

// openSession opens a WebSocket-only Engine.IO session and returns the peer and its open packet's data.
export async function openSession(wsUrl, path, opts) {
  const peer = new Peer(`${wsUrl}/${path}/?EIO=4&transport=websocket`, opts);
  const open = await peer.next();
  assert.equal(open[0], '0', `expected an open packet, got ${open}`);
  return { peer, handshake: JSON.parse(open.slice(1)) };
}

// wsRefusal opens a WebSocket that the server must refuse over HTTP, and returns that answer.
export function wsRefusal(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('error', () => {});
    ws.on('open', () => { ws.terminate(); reject(new Error(`the WebSocket ${url} opened`)); });
    ws.on('unexpected-response', (req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => {
        resolve({ status: res.statusCode, type: res.headers['content-type'], body });
        ws.terminate();
      });
    });
  });
}

// wsAcceptedThenClosed opens a WebSocket that the server must accept (HTTP 101) and then close at once,
// without a frame: how the reference server turns away a second WebSocket for a session that is upgrading or
// upgraded. An HTTP error instead would make the ws module emit "error", which fails the official suite.
export async function wsAcceptedThenClosed(url) {
  const peer = new Peer(url);
  await peer.opened;
  await peer.expectClose();
  assert.deepEqual(peer.inbox, [], 'the server sent frames on a WebSocket it should have closed at once');
}

// The HTTP long-polling side, on a base such as http://127.0.0.1:port/engine.io/.
export class Polling {
  constructor(base) {
    this.base = base;
  }

  url(sid, extra = '') {
    return `${this.base}?EIO=4&transport=polling${sid ? `&sid=${encodeURIComponent(sid)}` : ''}${extra}`;
  }

  // handshake opens a session and returns its open packet's data.
  async handshake() {
    const r = await fetch(this.url());
    assert.equal(r.status, 200);
    const text = await r.text();
    assert.equal(text[0], '0', `expected an open packet, got ${text}`);
    return JSON.parse(text.slice(1));
  }

  async get(sid, extra) {
    const r = await fetch(this.url(sid, extra));
    return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
  }

  async post(sid, body, extra) {
    const r = await fetch(this.url(sid, extra), { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
  }

  // packets polls until n packets other than pings have come, answering each ping with a pong.
  async packets(sid, n) {
    const out = [];
    while (out.length < n) {
      const r = await this.get(sid);
      assert.equal(r.status, 200, `poll answered ${r.status} ${r.text}`);
      for (const p of r.text.split('\x1e')) {
        if (p === '2') assert.equal((await this.post(sid, '3')).text, 'ok');
        else out.push(p);
      }
    }
    return out;
  }

  // cancellablePoll starts a GET; sent resolves once the request is handed to the OS, so that the server reads
  // it whatever comes next (a cancel only closes the connection after it); cancel closes the connection.
  cancellablePoll(sid) {
    const req = http.get(this.url(sid), { agent: false });
    req.on('error', () => {});
    const sent = new Promise((resolve) => req.once('finish', resolve));
    return { sent, cancel: () => req.destroy() };
  }

  // slowPost starts a POST whose body is not finished, so that it stays active on the server.
  slowPost(sid, first, total) {
    const req = http.request(this.url(sid), {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'content-length': String(total) },
    });
    const response = new Promise((resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', (error) => resolve({ error }));
      });
      req.on('error', (error) => resolve({ error }));
    });
    req.write(first);
    return { response, abort: () => req.destroy() };
  }
}

// assertProtocolError checks one of the protocol's HTTP errors: status 400 and the JSON {code, message}.
export function assertProtocolError(r, code, message) {
  assert.equal(r.status, 400, `expected 400, got ${r.status} ${r.text ?? r.body}`);
  assert.match(r.type ?? '', /^application\/json/);
  assert.deepEqual(JSON.parse(r.text ?? r.body), { code, message });
}

export const ERRORS = {
  unknownTransport: [0, 'Transport unknown'],
  unknownSid: [1, 'Session ID unknown'],
  badHandshakeMethod: [2, 'Bad handshake method'],
  badRequest: [3, 'Bad request'],
  unsupportedVersion: [5, 'Unsupported protocol version'],
};
