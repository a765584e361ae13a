// The Engine.IO protocol 4 and Socket.IO protocol 5 on the wire, against the conformance server: every example
// exchange of the two protocol documents and every case of the two official test suites (EIO=4 editions),
// written anew, plus the limits the documents leave to the server (maxPayload, connect timeout).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONNECT_TIMEOUT, MAX_PAYLOAD, PING_INTERVAL, PING_TIMEOUT, startConformance } from './conformance.mjs';
import { ERRORS, Peer, Polling, assertProtocolError, openSession, sleep, wsAcceptedThenClosed, wsRefusal } from './wire.mjs';

let srv;
let eio; // raw Engine.IO echo, polling side
let sio; // Socket.IO, polling side

before(async () => {
  srv = await startConformance();
  eio = new Polling(`${srv.url}/engine.io/`);
  sio = new Polling(`${srv.url}/socket.io/`);
});
after(async () => {
  await srv?.stop();
});

// Timing checks keep wide margins: the machine may be busy with other test files.
const EARLY = 80; // ms a timer may seem to fire early, measured from the client
const LATE = 1500; // ms a timer may be late

const HANDSHAKE_KEYS = ['maxPayload', 'pingInterval', 'pingTimeout', 'sid', 'upgrades'];

function assertHandshake(h, upgrades) {
  assert.deepEqual(Object.keys(h).sort(), HANDSHAKE_KEYS);
  assert.equal(typeof h.sid, 'string');
  assert.ok(h.sid.length > 0);
  assert.deepEqual(h.upgrades, upgrades);
  assert.equal(h.pingInterval, PING_INTERVAL);
  assert.equal(h.pingTimeout, PING_TIMEOUT);
  assert.equal(h.maxPayload, MAX_PAYLOAD);
}

const wsUrl = (path, query = 'EIO=4&transport=websocket') => `${srv.wsUrl}/${path}/?${query}`;

// A long-polling GET that the server holds: no event says when it has reached the server, so run() gives it
// a moment before the request that must find it held; when that request overtook it anyway (the GET then
// answers 400 or a ping), the case is run again on a new session with a longer moment.
async function withHeldPoll(run) {
  for (let delay = 20; ; delay *= 2) {
    const outcome = await run(delay);
    if (outcome !== 'retry') return outcome;
    if (delay >= 160) assert.fail('the held poll lost the race every time');
  }
}

describe('Engine.IO handshake', () => {
  for (const path of ['engine.io', 'socket.io']) {
    it(`opens a session over HTTP long-polling (/${path}/)`, async () => {
      const r = await fetch(`${srv.url}/${path}/?EIO=4&transport=polling`);
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type'), /^text\/plain; charset=UTF-8$/i);
      const text = await r.text();
      assert.equal(text[0], '0');
      assertHandshake(JSON.parse(text.slice(1)), ['websocket']);
    });

    it(`opens a session over WebSocket (/${path}/)`, async () => {
      const { peer, handshake } = await openSession(srv.wsUrl, path);
      assertHandshake(handshake, []);
      peer.close();
    });
  }

  it('gives every session its own sid', async () => {
    const sids = new Set();
    for (let i = 0; i < 5; i++) sids.add((await eio.handshake()).sid);
    assert.equal(sids.size, 5);
  });

  it('refuses a bad EIO, transport or method over HTTP with 400 and the JSON {code, message}', async () => {
    const cases = [
      ['?transport=polling', 'GET', ERRORS.unsupportedVersion],
      ['?EIO=abc&transport=polling', 'GET', ERRORS.unsupportedVersion],
      ['?EIO=3&transport=polling', 'GET', ERRORS.unsupportedVersion],
      ['?EIO=4', 'GET', ERRORS.unknownTransport],
      ['?EIO=4&transport=abc', 'GET', ERRORS.unknownTransport],
      ['?EIO=4&transport=polling', 'POST', ERRORS.badHandshakeMethod],
      ['?EIO=4&transport=polling', 'PUT', ERRORS.badHandshakeMethod],
      ['?EIO=4&transport=polling&sid=unknown', 'GET', ERRORS.unknownSid],
      ['?EIO=4&transport=polling&sid=unknown', 'POST', ERRORS.unknownSid],
      ['?EIO=4&transport=websocket', 'GET', ERRORS.badRequest], // a WebSocket transport without the upgrade
    ];
    for (const path of ['engine.io', 'socket.io']) {
      for (const [query, method, [code, message]] of cases) {
        const r = await fetch(`${srv.url}/${path}/${query}`, { method, body: method === 'GET' ? undefined : '4x' });
        const res = { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
        try {
          assertProtocolError(res, code, message);
        } catch (e) {
          e.message = `${method} /${path}/${query}: ${e.message}`;
          throw e;
        }
      }
    }
  });

  it('answers CORS for the long-polling requests (the conformance server allows every origin)', async () => {
    const origin = 'http://shop.example';
    const pre = await fetch(`${srv.url}/engine.io/?EIO=4&transport=polling`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), origin);
    assert.equal(pre.headers.get('access-control-allow-credentials'), 'true');
    assert.match(pre.headers.get('access-control-allow-methods'), /\bPOST\b/);
    assert.match(pre.headers.get('access-control-allow-headers'), /content-type/i);
    const open = await fetch(`${srv.url}/engine.io/?EIO=4&transport=polling`, { headers: { origin } });
    assert.equal(open.status, 200);
    assert.equal(open.headers.get('access-control-allow-origin'), origin);
    await open.text();
    const refused = await fetch(`${srv.url}/engine.io/?EIO=4&transport=abc`, { headers: { origin } });
    assert.equal(refused.status, 400);
    assert.equal(refused.headers.get('access-control-allow-origin'), origin);
    await refused.text();
  });

  it('refuses a bad EIO, transport or sid over WebSocket (the socket never opens)', async () => {
    const cases = [
      ['transport=websocket', ERRORS.unsupportedVersion],
      ['EIO=abc&transport=websocket', ERRORS.unsupportedVersion],
      ['EIO=4', ERRORS.unknownTransport],
      ['EIO=4&transport=abc', ERRORS.unknownTransport],
      ['EIO=4&transport=websocket&sid=unknown', ERRORS.unknownSid],
    ];
    for (const [query, [code, message]] of cases) {
      const r = await wsRefusal(wsUrl('engine.io', query));
      try {
        assertProtocolError(r, code, message);
      } catch (e) {
        e.message = `ws ?${query}: ${e.message}`;
        throw e;
      }
    }
  });
});

describe('Engine.IO messages over HTTP long-polling', () => {
  const echoes = [
    ['one text packet', '4hello'],
    ['several text packets', '4test1\x1e4test2\x1e4test3'],
    ['text and binary packets', '4hello\x1ebAQIDBA=='],
    ['UTF-8 text (the document\'s "4hello\\x1e4€")', '4hello\x1e4€'],
    ['the document\'s binary example ("4€\\x1ebAQIDBA==")', '4€\x1ebAQIDBA=='],
    ['an empty message', '4'],
  ];
  for (const [name, body] of echoes) {
    it(`sends and receives ${name}`, async () => {
      const { sid } = await eio.handshake();
      const pushed = await eio.post(sid, body);
      assert.equal(pushed.status, 200);
      assert.equal(pushed.text, 'ok');
      const polled = await eio.get(sid);
      assert.equal(polled.status, 200);
      assert.match(polled.type, /^text\/plain; charset=UTF-8$/i);
      assert.equal(polled.text, body);
    });
  }

  it('runs the document\'s sample session: open, "4hello\\x1e4world" out and back', async () => {
    const { sid } = await eio.handshake();
    assert.equal((await eio.post(sid, '4hello\x1e4world', '&t=N8hzxke')).text, 'ok');
    assert.equal((await eio.get(sid, '&t=N8hyd7H')).text, '4hello\x1e4world');
  });

  it('holds a GET until there is something to send', async () => {
    const { sid } = await eio.handshake();
    await withHeldPoll(async (delay) => {
      const held = eio.get(sid);
      await sleep(delay);
      assert.equal((await eio.post(sid, '4late')).text, 'ok');
      const r = await held;
      assert.equal(r.status, 200);
      if (r.text === '2') return 'retry'; // the ping came first; the echo waits for the next poll
      assert.equal(r.text, '4late');
    });
  });

  it('closes the session upon an invalid packet', async () => {
    for (const body of ['abc', '4hello\x1e9bad', 'b!!notbase64']) {
      const { sid } = await eio.handshake();
      assertProtocolError(await eio.post(sid, body), ...ERRORS.badRequest);
      assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
    }
  });

  it('closes the session upon duplicate polls (the held one gets "1", the other 400)', async () => {
    const { sid } = await eio.handshake();
    // Whichever GET reaches the server second is the duplicate; the other is the held one.
    const both = await Promise.all([eio.get(sid), eio.get(sid, '&t=burst')]);
    const held = both.find((r) => r.status === 200);
    const dup = both.find((r) => r.status !== 200);
    assert.ok(held && dup, `expected one 200 and one 400: ${JSON.stringify(both)}`);
    assert.equal(held.text, '1');
    assertProtocolError(dup, ...ERRORS.badRequest);
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
  });

  it('closes the session upon a cancelled poll (the official case)', async () => {
    const { sid } = await eio.handshake();
    // The official case aborts a fetch 5 ms after starting it, which now and then is before it was even sent.
    const poll = eio.cancellablePoll(sid);
    await poll.sent;
    await sleep(5);
    poll.cancel();
    const r = await eio.get(sid);
    // The server learns of the cancel and of this poll on two connections, in either order: mostly the session
    // is gone already (unknown sid); otherwise this poll is a duplicate of the held one, which ends it too.
    assert.equal(r.status, 400, `the poll after the cancelled one answered ${r.status} ${r.text}`);
    const code = JSON.parse(r.text).code;
    assertProtocolError(r, ...(code === ERRORS.badRequest[0] ? ERRORS.badRequest : ERRORS.unknownSid));
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
  });

  it('closes the session upon duplicate POSTs', async () => {
    await withHeldPoll(async (delay) => {
      const { sid } = await eio.handshake();
      const slow = eio.slowPost(sid, '4part', 100);
      await sleep(delay);
      const second = await eio.post(sid, '4x');
      slow.abort();
      await slow.response;
      if (second.status === 200) return 'retry'; // the second POST was served before the first arrived
      assertProtocolError(second, ...ERRORS.badRequest);
      assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
    });
  });
});

describe('Engine.IO messages over WebSocket', () => {
  it('sends and receives a text packet', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    peer.send('4€ and more');
    assert.equal(await peer.next(), '4€ and more');
    peer.close();
  });

  it('sends and receives a binary packet', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    peer.send(Uint8Array.from([1, 2, 3, 4]));
    assert.deepEqual(await peer.next(), Buffer.from([1, 2, 3, 4]));
    peer.close();
  });

  it('sends each packet in its own frame (the document\'s WebSocket-only sample session)', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io', { pings: 'keep' });
    peer.send('4hello');
    peer.send('4world');
    assert.deepEqual(await peer.nextN(2), ['4hello', '4world']);
    assert.equal(await peer.next(), '2');
    peer.send('3');
    peer.send('1');
    await peer.expectClose();
  });

  it('closes the session upon an invalid packet', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    peer.send('abc');
    await peer.expectClose();
  });

  it('closes the session upon an empty text frame', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    peer.send('');
    await peer.expectClose();
  });
});

describe('Engine.IO heartbeat', () => {
  it('sends ping packets over HTTP long-polling, pingInterval after each pong', async () => {
    const start = performance.now();
    const { sid } = await eio.handshake();
    let last = start;
    for (let i = 0; i < 3; i++) {
      const r = await eio.get(sid);
      assert.equal(r.status, 200);
      assert.equal(r.text, '2');
      const at = performance.now();
      assert.ok(at - last >= PING_INTERVAL - EARLY, `ping ${i} came ${at - last} ms after the last pong`);
      assert.ok(at - last <= PING_INTERVAL + LATE, `ping ${i} came ${at - last} ms after the last pong`);
      const pong = await eio.post(sid, '3');
      assert.equal(pong.status, 200);
      assert.equal(pong.text, 'ok');
      last = performance.now();
    }
  });

  it('closes the session upon ping timeout over HTTP long-polling (a held poll gets "1")', async () => {
    const { sid } = await eio.handshake();
    assert.equal((await eio.get(sid)).text, '2');
    const pinged = performance.now();
    const r = await eio.get(sid); // no pong: held until the timeout closes the session
    const waited = performance.now() - pinged;
    assert.equal(r.status, 200);
    assert.equal(r.text, '1');
    assert.ok(waited >= PING_TIMEOUT - EARLY && waited <= PING_TIMEOUT + LATE, `closed ${waited} ms after the ping`);
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
  });

  it('closes the session upon ping timeout over HTTP long-polling (no poll at all)', async () => {
    const { sid } = await eio.handshake();
    // Nothing to await here: the session must be gone once the ping and its timeout have passed.
    await sleep(PING_INTERVAL + PING_TIMEOUT + 300);
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
  });

  it('sends ping packets over WebSocket, pingInterval after each pong', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io', { pings: 'keep' });
    let last = performance.now();
    for (let i = 0; i < 3; i++) {
      const { data, at } = await peer.nextTimed();
      assert.equal(data, '2');
      assert.ok(at - last >= PING_INTERVAL - EARLY && at - last <= PING_INTERVAL + LATE, `ping ${i} after ${at - last} ms`);
      peer.send('3');
      last = performance.now();
    }
    peer.close();
  });

  it('closes the session upon ping timeout over WebSocket', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io', { pings: 'keep' });
    const ping = await peer.nextTimed();
    assert.equal(ping.data, '2');
    const { at } = await peer.expectClose();
    const waited = at - ping.at;
    assert.ok(waited >= PING_TIMEOUT - EARLY && waited <= PING_TIMEOUT + LATE, `closed ${waited} ms after the ping`);
  });

  it('closes the session when the client pings (in protocol 4 only the server does)', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    peer.send('2');
    await peer.expectClose();
  });
});

describe('Engine.IO close', () => {
  it('forcefully closes the session over HTTP long-polling (the poll gets "6"; the official case)', async () => {
    const { sid } = await eio.handshake();
    // Sent together, as the official suite does: the server may serve the POST first.
    const [r, closed] = await Promise.all([eio.get(sid), eio.post(sid, '1')]);
    assert.equal(closed.status, 200);
    assert.equal(closed.text, 'ok');
    assert.equal(r.status, 200, `the poll answered ${r.status} ${r.text}`);
    assert.equal(r.text, '6');
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
  });

  it('ends with noop the poll the client sent before its close packet, even when the close is served first', async () => {
    const { sid } = await eio.handshake();
    assert.equal((await eio.post(sid, '1')).text, 'ok');
    const r = await eio.get(sid); // the client's own poll, overtaken by its close on another connection
    assert.equal(r.status, 200, `the poll answered ${r.status} ${r.text}`);
    assert.equal(r.text, '6');
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
    assertProtocolError(await eio.post(sid, '4x'), ...ERRORS.unknownSid);
  });

  it('forcefully closes the session over WebSocket', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    peer.send('1');
    await peer.expectClose();
  });
});

describe('Engine.IO upgrade', () => {
  it('upgrades from long-polling to WebSocket: probe, noop to the held poll, "5", then WebSocket only', async () => {
    const { sid } = await eio.handshake();
    const held = eio.get(sid); // the document: the server MUST send noop to any pending GET
    const peer = new Peer(wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`));
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    const ended = await held;
    assert.equal(ended.status, 200);
    assert.equal(ended.text, '6');
    const again = await eio.get(sid); // a poll during the dance ends with noop too, within 100 ms
    assert.equal(again.text, '6');
    peer.send('5');
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    assertProtocolError(await eio.get(sid), ...ERRORS.badRequest);
    assertProtocolError(await eio.post(sid, '4x'), ...ERRORS.badRequest);
    await wsAcceptedThenClosed(wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`));
    peer.send('4still here');
    assert.equal(await peer.next(), '4still here');
    peer.close();
  });

  it('sends what waited on the old transport over the new one', async () => {
    const { sid } = await eio.handshake();
    const peer = new Peer(wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`));
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    assert.equal((await eio.post(sid, '4queued')).text, 'ok'); // the echo now waits for a transport
    peer.send('5');
    assert.equal(await peer.next(), '4queued');
    peer.close();
  });

  it('ignores HTTP requests with the same sid after the upgrade (the official case)', async () => {
    const { sid } = await eio.handshake();
    const peer = new Peer(wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`));
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    peer.send('5');
    // At once: this GET may reach the server before the "5" on the WebSocket has been read.
    assertProtocolError(await eio.get(sid), ...ERRORS.badRequest);
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    peer.close();
  });

  it('ignores a WebSocket connection with the same sid after the upgrade (the official case)', async () => {
    const { sid } = await eio.handshake();
    const url = wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`);
    const peer = new Peer(url);
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    peer.send('5');
    const second = new Peer(url);
    await second.opened; // HTTP 101: the official suite fails on an HTTP error ("error" without a listener)
    await second.expectClose();
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    peer.close();
  });

  it('closes a second WebSocket with the same sid at once, during the upgrade and after it', async () => {
    const { sid } = await eio.handshake();
    const url = wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`);
    const peer = new Peer(url);
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    await wsAcceptedThenClosed(url); // during the upgrade
    peer.send('5');
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    await wsAcceptedThenClosed(url); // after it
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    peer.close();
  });

  it('closes a second WebSocket with the sid of a WebSocket-only session, which goes on', async () => {
    const { peer, handshake } = await openSession(srv.wsUrl, 'engine.io');
    await wsAcceptedThenClosed(wsUrl('engine.io', `EIO=4&transport=websocket&sid=${handshake.sid}`));
    peer.send('4hello');
    assert.equal(await peer.next(), '4hello');
    peer.close();
  });

  it('keeps the heartbeat across the upgrade', async () => {
    const { sid } = await eio.handshake();
    const peer = new Peer(wsUrl('engine.io', `EIO=4&transport=websocket&sid=${sid}`), { pings: 'keep' });
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    peer.send('5');
    assert.equal(await peer.next(), '2');
    peer.send('3');
    assert.equal(await peer.next(), '2');
    peer.close();
  });
});

describe('Engine.IO maxPayload', () => {
  it('accepts a POST of exactly maxPayload bytes', async () => {
    const { sid } = await eio.handshake();
    const body = `4${'a'.repeat(MAX_PAYLOAD - 1)}`;
    assert.equal((await eio.post(sid, body)).text, 'ok');
    const r = await eio.get(sid);
    assert.equal(r.text, body);
  });

  it('answers 413 to a longer POST and closes the session', async () => {
    const { sid } = await eio.handshake();
    const r = await eio.post(sid, `4${'a'.repeat(MAX_PAYLOAD)}`);
    assert.equal(r.status, 413);
    assertProtocolError(await eio.get(sid), ...ERRORS.unknownSid);
  });

  it('accepts a WebSocket message of exactly maxPayload bytes', async () => {
    const { peer } = await openSession(srv.wsUrl, 'engine.io');
    const text = `4${'b'.repeat(MAX_PAYLOAD - 1)}`;
    peer.send(text);
    assert.equal(await peer.next(), text);
    peer.send(Buffer.alloc(MAX_PAYLOAD, 7));
    assert.deepEqual(await peer.next(), Buffer.alloc(MAX_PAYLOAD, 7));
    peer.close();
  });

  it('closes the session upon a longer WebSocket message', async () => {
    for (const big of [`4${'b'.repeat(MAX_PAYLOAD)}`, Buffer.alloc(MAX_PAYLOAD + 1, 7)]) {
      const { peer } = await openSession(srv.wsUrl, 'engine.io');
      peer.send(big);
      const { code } = await peer.expectClose();
      assert.equal(code, 1009); // message too big
    }
  });
});

// Socket.IO over a WebSocket-only session.
async function sioSession(opts) {
  return (await openSession(srv.wsUrl, 'socket.io', opts)).peer;
}

// connected joins the main namespace and reads the CONNECT answer and the server's "auth" event.
async function connected(opts) {
  const peer = await sioSession(opts);
  peer.send('40');
  assert.match(await peer.next(), /^40\{"sid":"[^"]+"\}$/);
  assert.equal(await peer.next(), '42["auth",{}]');
  return peer;
}

function assertConnectAnswer(packet, prefix, engineSid) {
  assert.ok(packet.startsWith(prefix), `expected ${prefix}…, got ${packet}`);
  const data = JSON.parse(packet.slice(prefix.length));
  assert.deepEqual(Object.keys(data), ['sid']);
  assert.equal(typeof data.sid, 'string');
  assert.ok(data.sid.length > 0);
  if (engineSid) assert.notEqual(data.sid, engineSid, 'the socket id must differ from the Engine.IO session id');
  return data.sid;
}

describe('Socket.IO connect', () => {
  const cases = [
    ['the main namespace', '40', '40', '42["auth",{}]'],
    ['the main namespace with a payload', '40{"token":"123"}', '40', '42["auth",{"token":"123"}]'],
    ['a custom namespace', '40/custom,', '40/custom,', '42/custom,["auth",{}]'],
    ['a custom namespace without the comma', '40/custom', '40/custom,', '42/custom,["auth",{}]'],
    ['a custom namespace with a payload', '40/custom,{"token":"abc"}', '40/custom,', '42/custom,["auth",{"token":"abc"}]'],
  ];
  for (const [name, send, answer, auth] of cases) {
    it(`connects to ${name}`, async () => {
      const { peer, handshake } = await openSession(srv.wsUrl, 'socket.io');
      peer.send(send);
      assertConnectAnswer(await peer.next(), answer, handshake.sid);
      assert.equal(await peer.next(), auth);
      peer.close();
    });
  }

  it('refuses an unknown namespace with CONNECT_ERROR and keeps the session', async () => {
    const peer = await sioSession();
    peer.send('40/random');
    assert.equal(await peer.next(), '44/random,{"message":"Invalid namespace"}');
    peer.send('40/random,{"token":"x"}');
    assert.equal(await peer.next(), '44/random,{"message":"Invalid namespace"}');
    peer.send('40');
    assertConnectAnswer(await peer.next(), '40');
    assert.equal(await peer.next(), '42["auth",{}]');
    peer.close();
  });

  it('joins several namespaces on one session, each with its own socket id', async () => {
    const peer = await sioSession();
    peer.send('40');
    const main = assertConnectAnswer(await peer.next(), '40');
    assert.equal(await peer.next(), '42["auth",{}]');
    peer.send('40/custom,');
    const custom = assertConnectAnswer(await peer.next(), '40/custom,');
    assert.equal(await peer.next(), '42/custom,["auth",{}]');
    assert.notEqual(main, custom);
    peer.close();
  });

  it('closes the session at once when the first packet is not a CONNECT', async () => {
    for (const first of ['42["message","hi"]', '4212["message-with-ack"]', '41', '43/custom,1[]']) {
      const peer = await sioSession();
      const sent = performance.now();
      peer.send(first);
      const { at } = await peer.expectClose();
      // "at once": well before the connect timeout, which would close it anyway
      assert.ok(at - sent < CONNECT_TIMEOUT / 2, `"${first}": closed ${at - sent} ms after it`);
    }
  });

  it('closes the session upon an invalid handshake', async () => {
    const peer = await sioSession();
    peer.send('4abc');
    await peer.expectClose();
  });

  it('closes the session upon a CONNECT whose payload is not an object', async () => {
    for (const packet of ['40"token"', '40[1]', '40{bad']) {
      const peer = await sioSession();
      peer.send(packet);
      await peer.expectClose();
    }
  });

  it('closes the session when no CONNECT comes within the connect timeout (WebSocket)', async () => {
    const { peer } = await openSession(srv.wsUrl, 'socket.io'); // pongs keep the Engine.IO session alive
    const opened = performance.now();
    const { at } = await peer.expectClose(CONNECT_TIMEOUT + LATE + 1000);
    const waited = at - opened;
    assert.ok(waited >= CONNECT_TIMEOUT - EARLY && waited <= CONNECT_TIMEOUT + LATE, `closed after ${waited} ms`);
  });

  it('closes the session when no CONNECT comes within the connect timeout (long-polling)', async () => {
    const opened = performance.now();
    const { sid } = await sio.handshake();
    let last;
    for (;;) { // poll and pong until the server ends the session
      last = await sio.get(sid);
      if (last.status !== 200 || last.text !== '2') break;
      assert.equal((await sio.post(sid, '3')).text, 'ok');
    }
    const waited = performance.now() - opened;
    assert.equal(last.status, 200);
    assert.equal(last.text, '1');
    assert.ok(waited >= CONNECT_TIMEOUT - EARLY && waited <= CONNECT_TIMEOUT + LATE, `closed after ${waited} ms`);
    assertProtocolError(await sio.get(sid), ...ERRORS.unknownSid);
  });

  it('runs the document\'s sample session: long-polling, upgrade, a custom namespace, a binary ack', async () => {
    const { sid } = await sio.handshake();
    assert.equal((await sio.post(sid, '40')).text, 'ok');
    const [connect, auth] = await sio.packets(sid, 2);
    assertConnectAnswer(connect, '40', sid);
    assert.equal(auth, '42["auth",{}]');
    assert.equal((await sio.post(sid, '42["hello"]\x1e42["world"]')).text, 'ok'); // no handlers: nothing back
    assert.equal((await sio.post(sid, '42["message","Jude"]')).text, 'ok');
    assert.deepEqual(await sio.packets(sid, 1), ['42["message-back","Jude"]']);

    const peer = new Peer(wsUrl('socket.io', `EIO=4&transport=websocket&sid=${sid}`), { pings: 'keep' });
    await peer.opened;
    peer.send('2probe');
    assert.equal(await peer.next(), '3probe');
    peer.send('5');
    peer.send('42["hello"]');
    peer.send('42["world"]');
    peer.send('40/custom,');
    let next = await peer.next();
    if (next === '2') { peer.send('3'); next = await peer.next(); }
    assertConnectAnswer(next, '40/custom,');
    const frames = [];
    while (frames.length < 1) {
      const f = await peer.next();
      if (f === '2') peer.send('3');
      else frames.push(f);
    }
    assert.equal(frames[0], '42/custom,["auth",{}]');
    // The document's "42/admin,1["tellme"]" is answered with a BINARY_ACK; here message-with-ack echoes one.
    peer.send('451-1["message-with-ack",{"_placeholder":true,"num":0}]');
    peer.send(Uint8Array.from([1, 2, 3, 4]));
    const got = [];
    while (got.length < 2) {
      const f = await peer.next();
      if (f === '2') peer.send('3');
      else got.push(f);
    }
    assert.equal(got[0], '461-1[{"_placeholder":true,"num":0}]');
    assert.deepEqual(got[1], Buffer.from([1, 2, 3, 4]));
    peer.send('1');
    await peer.expectClose();
  });
});

describe('Socket.IO disconnect', () => {
  it('disconnects from the main namespace and keeps the session open', async () => {
    const peer = await connected({ pings: 'keep' });
    peer.send('41');
    assert.equal(await peer.next(), '2'); // nothing but the next ping
    peer.send('3');
    peer.send('40'); // and the namespace can be joined again
    assertConnectAnswer(await peer.next(), '40');
    assert.equal(await peer.next(), '42["auth",{}]');
    peer.close();
  });

  for (const packet of ['41/custom', '41/custom,']) {
    it(`connects then disconnects from a custom namespace ("${packet}"); the main one still works`, async () => {
      const peer = await connected();
      peer.send('40/custom');
      assertConnectAnswer(await peer.next(), '40/custom,');
      assert.equal(await peer.next(), '42/custom,["auth",{}]');
      peer.send(packet);
      peer.send('42["message","message to main namespace"]');
      assert.equal(await peer.next(), '42["message-back","message to main namespace"]');
      peer.close();
    });
  }

  it('closes the session upon an event for a namespace the client has left', async () => {
    const peer = await connected();
    peer.send('41');
    peer.send('42["message","after leaving"]');
    await peer.expectClose();
  });

  it('closes the session upon an event for a namespace the client never joined', async () => {
    const peer = await connected();
    peer.send('42/custom,["message","never joined"]');
    await peer.expectClose();
  });

  it('closes the session upon a DISCONNECT with a payload', async () => {
    const peer = await connected();
    peer.send('41{"a":1}');
    await peer.expectClose();
  });
});

describe('Socket.IO messages', () => {
  it('sends a plain-text event', async () => {
    const peer = await connected();
    peer.send('42["message",1,"2",{"3":[true]}]');
    assert.equal(await peer.next(), '42["message-back",1,"2",{"3":[true]}]');
    peer.close();
  });

  it('sends an event over long-polling', async () => {
    const { sid } = await sio.handshake();
    assert.equal((await sio.post(sid, '40')).text, 'ok');
    await sio.packets(sid, 2);
    assert.equal((await sio.post(sid, '42["message","a"]\x1e42["message","b"]')).text, 'ok');
    assert.deepEqual(await sio.packets(sid, 2), ['42["message-back","a"]', '42["message-back","b"]']);
  });

  it('sends a packet with binary attachments', async () => {
    const peer = await connected();
    peer.send('452-["message",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]');
    peer.send(Uint8Array.from([1, 2, 3]));
    peer.send(Uint8Array.from([4, 5, 6]));
    const [head, a, b] = await peer.nextN(3);
    assert.equal(head, '452-["message-back",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]');
    assert.deepEqual(a, Buffer.from([1, 2, 3]));
    assert.deepEqual(b, Buffer.from([4, 5, 6]));
    peer.close();
  });

  it('sends the document\'s one-attachment event ("51-[\\"baz\\",…]")', async () => {
    const peer = await connected();
    peer.send('451-["message","baz",{"_placeholder":true,"num":0}]');
    peer.send(Uint8Array.from([1, 2, 3, 4]));
    const [head, a] = await peer.nextN(2);
    assert.equal(head, '451-["message-back","baz",{"_placeholder":true,"num":0}]');
    assert.deepEqual(a, Buffer.from([1, 2, 3, 4]));
    peer.close();
  });

  it('sends a binary event over long-polling (attachments as base64 "b" packets)', async () => {
    const { sid } = await sio.handshake();
    assert.equal((await sio.post(sid, '40')).text, 'ok');
    await sio.packets(sid, 2);
    const body = '451-["message",{"_placeholder":true,"num":0}]\x1ebAQIDBA==';
    assert.equal((await sio.post(sid, body)).text, 'ok');
    assert.deepEqual(await sio.packets(sid, 2), ['451-["message-back",{"_placeholder":true,"num":0}]', 'bAQIDBA==']);
  });

  it('sends a plain-text packet with an ack', async () => {
    const peer = await connected();
    peer.send('42456["message-with-ack",1,"2",{"3":[false]}]');
    assert.equal(await peer.next(), '43456[1,"2",{"3":[false]}]');
    peer.send('4212["message-with-ack"]'); // the document's "212[\"foo\"]": an ack's payload may be empty
    assert.equal(await peer.next(), '4312[]');
    peer.close();
  });

  it('sends a packet with binary attachments and an ack', async () => {
    const peer = await connected();
    peer.send('452-789["message-with-ack",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]');
    peer.send(Uint8Array.from([1, 2, 3]));
    peer.send(Uint8Array.from([4, 5, 6]));
    const [head, a, b] = await peer.nextN(3);
    assert.equal(head, '462-789[{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]');
    assert.deepEqual(a, Buffer.from([1, 2, 3]));
    assert.deepEqual(b, Buffer.from([4, 5, 6]));
    peer.close();
  });

  const invalid = [
    ['an unknown packet type', '4abc'],
    ['an unknown packet type digit', '47["message"]'],
    ['an event whose payload is an object', '42{}'],
    ['an event whose payload is an empty array', '42[]'],
    ['an event whose payload is a string', '42"message"'],
    ['an event without a payload', '42'],
    ['an invalid ack id', '42abc["message-with-ack",1,"2",{"3":[false]}]'],
    ['an ack whose payload is not an array', '431{}'],
    ['a binary event without its attachment count', '45["message"]'],
    ['a binary attachment without a packet', Uint8Array.from([1, 2, 3])],
  ];
  for (const [name, packet] of invalid) {
    it(`closes the session upon invalid format (${name})`, async () => {
      const peer = await connected();
      peer.send(packet);
      await peer.expectClose();
    });
  }

  it('closes the session upon a text packet where an attachment was expected', async () => {
    const peer = await connected();
    peer.send('451-["message",{"_placeholder":true,"num":0}]');
    peer.send('42["message","too early"]');
    await peer.expectClose();
  });

  it('refuses the reserved event names (the session is closed)', async () => {
    const names = ['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener'];
    await Promise.all(names.map(async (name) => {
      const peer = await connected();
      peer.send(`42["${name}","x"]`);
      await peer.expectClose();
    }));
  });
});
