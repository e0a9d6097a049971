/** The shaped link's arithmetic (link.mjs): a packet's time on the link, its delay, and the counters. node --test tools/bench/real-link/ */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { deliveryTime, direction, packetInfo, startLink } from './link.mjs';

test('a packet is serialised at the rate after the packets before it, then delayed by the one-way delay', () => {
  const dir = direction({ delayMs: 200, rateKbit: 400 }); // 50 bytes a millisecond
  assert.equal(deliveryTime(dir, 0, 1500), 230, 'alone: 30 ms on the link, then 200 ms');
  assert.equal(deliveryTime(dir, 0, 1500), 260, 'behind the first: it waits for it');
  assert.equal(deliveryTime(dir, 10, 50), 261, 'a small one behind them');
  assert.equal(deliveryTime(dir, 1000, 60), 1201.2, 'on an idle link: from when it came');
  const fast = direction({ delayMs: 0, rateKbit: 8000 }); // 1,000 bytes a millisecond
  assert.equal(deliveryTime(fast, 5, 1000), 6);
});

/** an IPv4 packet from `src` to `dst`: TCP with `flags`, or UDP to `port` */
function ipv4({ src, dst, tcpFlags, udpPort, srcPort = 40000, dstPort = 443 }) {
  const p = Buffer.alloc(40);
  p[0] = 0x45;
  p[9] = tcpFlags === undefined ? 17 : 6;
  p.set(src.split('.').map(Number), 12);
  p.set(dst.split('.').map(Number), 16);
  p.writeUInt16BE(srcPort, 20);
  p.writeUInt16BE(udpPort ?? dstPort, 22);
  if (tcpFlags !== undefined) p[33] = tcpFlags;
  return p;
}

test('what a packet is: a SYN opens a connection, its SYN-ACK does not; UDP to 53 is a DNS query', () => {
  assert.deepEqual(packetInfo(ipv4({ src: '10.0.0.1', dst: '10.0.1.1', tcpFlags: 0x02 })), {
    src: '10.0.0.1',
    dst: '10.0.1.1',
    srcPort: 40000,
    dstPort: 443,
    syn: true,
    dnsQuery: false,
  });
  assert.equal(packetInfo(ipv4({ src: '10.0.1.1', dst: '10.0.0.1', tcpFlags: 0x12 })).syn, false);
  assert.equal(packetInfo(ipv4({ src: '10.0.0.1', dst: '10.0.0.2', udpPort: 53 })).dnsQuery, true);
  assert.equal(packetInfo(Buffer.from([0x60, 0, 0, 0])), undefined, 'not IPv4');
});

test('the link carries packets both ways, late by their time on it, and counts them per server address', async () => {
  // the ends' sockets first (the link sends to them), then a link that knows them
  const end = () =>
    new Promise((resolve) => {
      const s = dgram.createSocket('udp4');
      s.bind(0, '127.0.0.1', () => resolve(s));
    });
  const [clientEnd, serverEnd] = await Promise.all([end(), end()]);
  const shaped = await startLink({
    clientPort: 0,
    clientPeer: clientEnd.address().port,
    serverPort: 0,
    serverPeer: serverEnd.address().port,
    delayMs: 50,
    rateKbit: 80, // 10 bytes a millisecond
  });
  try {
    const arrived = (s) => new Promise((resolve) => s.once('message', (m) => resolve({ at: performance.now(), m })));
    const syn = ipv4({ src: '10.0.0.1', dst: '10.0.1.1', tcpFlags: 0x02 }); // 40 bytes: 4 ms on the link
    const t0 = performance.now();
    const up = arrived(serverEnd);
    clientEnd.send(syn, shaped.ports.client, '127.0.0.1');
    const got = await up;
    assert.deepEqual(got.m, syn);
    // its SYN sent again (its answer late) is the same connection; another port is another
    clientEnd.send(syn, shaped.ports.client, '127.0.0.1');
    clientEnd.send(ipv4({ src: '10.0.0.1', dst: '10.0.1.1', tcpFlags: 0x02, srcPort: 40001 }), shaped.ports.client, '127.0.0.1');
    assert.ok(got.at - t0 >= 54 - 1, `up in ${got.at - t0} ms`);
    // no upper bound: on a loaded machine a timer fires late (how late is the benchmark's business, not a test's)
    // the SYN-ACK to the first connection (client port 40000), 500 bytes: 50 ms
    const reply = Buffer.concat([ipv4({ src: '10.0.1.1', dst: '10.0.0.1', tcpFlags: 0x12, srcPort: 443, dstPort: 40000 }), Buffer.alloc(460)]);
    const t1 = performance.now();
    const down = arrived(clientEnd);
    serverEnd.send(reply, shaped.ports.server, '127.0.0.1');
    const back = await down;
    assert.ok(back.at - t1 >= 100 - 1, `down in ${back.at - t1} ms`);
    assert.deepEqual(shaped.counters(), {
      '10.0.1.1': { up: 120, down: 500, packetsUp: 3, packetsDown: 1, connections: 2, downByConnection: [500, 0], dnsQueries: 0 },
    });
    shaped.reset();
    assert.deepEqual(shaped.counters(), {});
  } finally {
    await shaped.close();
    clientEnd.close();
    serverEnd.close();
  }
});
