// The stock socket.io-client v4 against the conformance server: each transport, the upgrade, events and acks
// with binary both ways, namespaces, reconnection after a server restart, and 200 clients at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { io } from 'socket.io-client';
import { PING_INTERVAL, PING_TIMEOUT, startConformance } from './conformance.mjs';

let srv;
before(async () => { srv = await startConformance(); });
after(async () => { await srv?.stop(); });

// WAIT bounds a wait for the server (a handshake, an event, an ack): two hundred handshakes on a 2-core machine
// also driving browsers, or under stress-ng, took over 30 s. A wait ends when its event comes, so a long
// limit costs a passing test nothing.
const WAIT = 120_000;

const clients = new Set();
after(() => { for (const s of clients) s.close(); });

// connect makes a client of its own (no shared Manager) and registers it for closing at the end.
function connect(url, opts = {}) {
  const socket = io(url, { forceNew: true, reconnection: false, timeout: WAIT, ...opts });
  clients.add(socket);
  return socket;
}

// once waits for one event, failing after timeout ms; it resolves with the event's arguments.
function once(emitter, event, timeout = WAIT) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, on);
      reject(new Error(`no "${event}" within ${timeout} ms`));
    }, timeout);
    function on(...args) {
      clearTimeout(timer);
      resolve(args);
    }
    emitter.once(event, on);
  });
}

// call emits an event with an ack and resolves with all the ack's arguments.
function call(socket, event, ...args) {
  return new Promise((resolve, reject) => {
    socket.timeout(WAIT).emit(event, ...args, (err, ...reply) => (err ? reject(err) : resolve(reply)));
  });
}

// connectedOrRefused waits for the socket's connect, failing at once with the reason of a connect_error or a
// disconnect before it, or after timeout ms.
function connectedOrRefused(socket, timeout = WAIT) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no "connect" within ${timeout} ms`)), timeout);
    const onConnect = () => done();
    const onError = (err) => done(new Error(`connect_error: ${err?.message}`));
    const onDisconnect = (why) => done(new Error(`disconnected before connect: ${why}`));
    function done(err) {
      clearTimeout(timer);
      socket.off('connect', onConnect).off('connect_error', onError).off('disconnect', onDisconnect);
      if (err) reject(err);
      else resolve();
    }
    socket.once('connect', onConnect).once('connect_error', onError).once('disconnect', onDisconnect);
  });
}

async function connected(url, opts) {
  const socket = connect(url, opts);
  const auth = once(socket, 'auth');
  await once(socket, 'connect');
  return { socket, auth: (await auth)[0] };
}

// roundTrips checks plain and binary events and acks on a connected socket.
async function roundTrips(socket) {
  const back = once(socket, 'message-back');
  socket.emit('message', 'hello', 1, { deep: [true, null] });
  assert.deepEqual(await back, ['hello', 1, { deep: [true, null] }]);

  const binaryBack = once(socket, 'message-back');
  socket.emit('message', Buffer.from([1, 2, 3]), { nested: Buffer.from([4, 5]) });
  const [buf, obj] = await binaryBack;
  assert.ok(Buffer.isBuffer(buf), 'binary comes back as a Buffer');
  assert.deepEqual(buf, Buffer.from([1, 2, 3]));
  assert.deepEqual(obj.nested, Buffer.from([4, 5]));

  assert.deepEqual(await call(socket, 'message-with-ack', 'x', 2, { y: 'z' }), ['x', 2, { y: 'z' }]);
  assert.deepEqual(await call(socket, 'message-with-ack'), []);
  const [a, b, c] = await call(socket, 'message-with-ack', Buffer.from('€uro'), 'text', [Buffer.alloc(3000, 9)]);
  assert.deepEqual(a, Buffer.from('€uro'));
  assert.equal(b, 'text');
  assert.deepEqual(c, [Buffer.alloc(3000, 9)]);
}

describe('socket.io-client', () => {
  it('connects over HTTP long-polling only, with events and acks, binary both ways', async () => {
    const { socket, auth } = await connected(srv.url, { transports: ['polling'] });
    assert.deepEqual(auth, {});
    assert.equal(socket.io.engine.transport.name, 'polling');
    assert.equal(typeof socket.id, 'string');
    await roundTrips(socket);
    assert.equal(socket.io.engine.transport.name, 'polling');
    socket.close();
  });

  it('connects over WebSocket only, with events and acks, binary both ways', async () => {
    const { socket, auth } = await connected(srv.url, { transports: ['websocket'] });
    assert.deepEqual(auth, {});
    assert.equal(socket.io.engine.transport.name, 'websocket');
    await roundTrips(socket);
    socket.close();
  });

  it('starts on long-polling and upgrades to WebSocket', async () => {
    const socket = connect(srv.url);
    const upgraded = once(socket.io.engine, 'upgrade');
    await once(socket, 'connect');
    const [transport] = await upgraded;
    assert.equal(transport.name, 'websocket');
    assert.equal(socket.io.engine.transport.name, 'websocket');
    await roundTrips(socket);
    socket.close();
  });

  it('sends the auth payload with CONNECT', async () => {
    const { socket, auth } = await connected(srv.url, { auth: { token: '123' } });
    assert.deepEqual(auth, { token: '123' });
    socket.close();
  });

  it('joins a custom namespace', async () => {
    const { socket, auth } = await connected(`${srv.url}/custom`, { auth: { token: 'abc' } });
    assert.deepEqual(auth, { token: 'abc' });
    assert.equal(socket.nsp, '/custom');
    socket.close();
  });

  it('joins two namespaces over one connection', async () => {
    const main = io(srv.url, { forceNew: true, reconnection: false });
    clients.add(main);
    const custom = main.io.socket('/custom');
    clients.add(custom);
    await Promise.all([once(main, 'connect'), once(custom, 'connect')]);
    assert.equal(main.io, custom.io);
    assert.notEqual(main.id, custom.id);
    assert.deepEqual(await call(main, 'message-with-ack', 'one'), ['one']);
    custom.disconnect(); // the main namespace stays connected
    assert.deepEqual(await call(main, 'message-with-ack', 'two'), ['two']);
    main.close();
  });

  it('gets connect_error "Invalid namespace" for an unknown namespace', async () => {
    for (const transports of [['polling'], ['websocket']]) {
      const socket = connect(`${srv.url}/random`, { transports });
      const [err] = await once(socket, 'connect_error');
      assert.equal(err.message, 'Invalid namespace');
      assert.equal(socket.connected, false);
      socket.close();
    }
  });

  it('stays connected across heartbeats on each transport', async () => {
    const sockets = await Promise.all([['polling'], ['websocket'], ['polling', 'websocket']].map(async (transports) => {
      const { socket } = await connected(srv.url, { transports });
      return socket;
    }));
    const disconnects = [];
    for (const s of sockets) s.on('disconnect', (reason) => disconnects.push(reason));
    // Four pings and their pongs: a client that did not answer would be dropped after pingInterval + pingTimeout.
    await new Promise((r) => setTimeout(r, 4 * PING_INTERVAL + PING_TIMEOUT));
    assert.deepEqual(disconnects, []);
    for (const s of sockets) {
      assert.ok(s.connected);
      assert.deepEqual(await call(s, 'message-with-ack', 'alive'), ['alive']);
      s.close();
    }
  });

  it('reconnects by itself after the server restarts on the same port', async () => {
    const own = await startConformance();
    try {
      const opts = { reconnection: true, reconnectionDelay: 100, reconnectionDelayMax: 300, randomizationFactor: 0 };
      const sockets = [];
      for (const transports of [['polling', 'websocket'], ['websocket'], ['polling']]) {
        const socket = connect(own.url, { ...opts, transports });
        await once(socket, 'connect');
        sockets.push(socket);
      }
      const firstIds = sockets.map((s) => s.id);
      const gone = sockets.map((s) => once(s, 'disconnect'));
      await own.stop();
      await Promise.all(gone);
      const back = sockets.map((s) => once(s, 'connect'));
      const again = await startConformance({ port: own.port });
      try {
        await Promise.all(back);
        for (const [i, s] of sockets.entries()) {
          assert.ok(s.connected);
          assert.notEqual(s.id, firstIds[i]); // a new session on the new server
          assert.deepEqual(await call(s, 'message-with-ack', Buffer.from([i])), [Buffer.from([i])]);
          s.close();
        }
      } finally {
        await again.stop();
      }
    } finally {
      await own.stop();
    }
  });

  it('serves 200 concurrent clients, each with its own ack round trip', async () => {
    const n = 200;
    // Two hundred handshakes at once on a 2-core runner that is also driving browsers, against a server with
    // socket.io's own heartbeat times: the suites' 300 ms + 200 ms drop a client whose event loop is starved
    // for half a second, which a load of 13 on two cores does. Each waits up to WAIT; a refusal fails at once.
    const load = await startConformance({ load: true });
    try {
      const sockets = Array.from({ length: n }, (_, i) => connect(load.url, { transports: i % 4 === 0 ? ['polling'] : ['websocket'] }));
      await Promise.all(sockets.map((s) => connectedOrRefused(s)));
      const replies = await Promise.all(sockets.map((s, i) => call(s, 'message-with-ack', i, Buffer.from(String(i)))));
      for (const [i, [num, buf]] of replies.entries()) {
        assert.equal(num, i);
        assert.deepEqual(buf, Buffer.from(String(i)));
      }
      for (const s of sockets) s.close();
    } finally {
      await load.stop();
    }
  });
});
