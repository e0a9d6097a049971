/**
 * The shaped link of the real-link benchmark (bench.mjs), in user space: this kernel has no netem. Each end is a TUN
 * device whose IP packets socat hands over as UDP datagrams on loopback (Node cannot open a TUN itself: that takes an
 * ioctl); this program carries each packet to the other end as a mobile link would: serialised at the link's rate, one
 * packet after another in each direction, then delayed by its one-way delay (optionally dropped at random).
 *   node tools/bench/real-link/link.mjs --client-port P --client-peer P --server-port P --server-peer P
 *        [--delay-ms 200] [--rate-kbit 400] [--loss 0]
 * `--client-port`: where the client end's socat sends its packets; `--client-peer`: where that socat listens for the
 * packets to its TUN (the same for the server end). Run under `fork`, it answers { counters } to 'counters' (per server
 * address: bytes and packets each way, TCP connections opened and the bytes each brought down, DNS queries) and clears
 * them on 'reset'.
 */
import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

/** A direction of the link: when it is free again (ms), and its rate (bytes per ms) and one-way delay (ms). */
export const direction = ({ delayMs, rateKbit }) => ({ freeAt: 0, delayMs, bytesPerMs: (rateKbit * 1000) / 8 / 1000 });

/**
 * When a packet of `bytes` handed to the link at `now` (ms) reaches the other end: it is serialised once the packets
 * before it have been (a queue, never reordered), then travels the one-way delay. Moves the direction's `freeAt`.
 */
export function deliveryTime(dir, now, bytes) {
  const start = Math.max(now, dir.freeAt);
  dir.freeAt = start + bytes / dir.bytesPerMs;
  return dir.freeAt + dir.delayMs;
}

/**
 * What a packet is, for the counters: its IPv4 source and destination, its ports, and whether it opens a TCP
 * connection (a SYN without ACK) or is a DNS query (UDP to port 53). Anything else (IPv6, a short packet) answers
 * undefined.
 */
export function packetInfo(p) {
  if (p.length < 20 || p[0] >> 4 !== 4) return undefined;
  const headerBytes = (p[0] & 0x0f) * 4;
  const protocol = p[9];
  const src = `${p[12]}.${p[13]}.${p[14]}.${p[15]}`;
  const dst = `${p[16]}.${p[17]}.${p[18]}.${p[19]}`;
  const srcPort = p.length >= headerBytes + 4 ? p.readUInt16BE(headerBytes) : 0;
  const dstPort = p.length >= headerBytes + 4 ? p.readUInt16BE(headerBytes + 2) : 0;
  const flags = protocol === 6 && p.length >= headerBytes + 14 ? p[headerBytes + 13] : 0;
  return { src, dst, srcPort, dstPort, syn: protocol === 6 && (flags & 0x12) === 0x02, dnsQuery: protocol === 17 && dstPort === 53 };
}

/** Starts the link; answers its counters' reader, a reset, and close. */
export async function startLink({ clientPort, clientPeer, serverPort, serverPeer, delayMs = 200, rateKbit = 400, loss = 0 }) {
  let counters = {};
  /**
   * per server address, the connections opened since the reset, by client port (a SYN sent again while its answer queues
   * is the same one): the bytes each brought down. Before a browser knows an origin speaks HTTP/2 it opens a connection
   * per request in flight; those it then leaves idle bring down little more than their handshake.
   */
  let opened = {};
  const of = (server) => (counters[server] ??= { up: 0, down: 0, packetsUp: 0, packetsDown: 0, connections: 0, downByConnection: [], dnsQueries: 0 });
  const open = (port) =>
    new Promise((resolve, reject) => {
      const s = dgram.createSocket('udp4');
      s.once('error', reject);
      s.bind(port, '127.0.0.1', () => resolve(s));
    });
  const [client, server] = await Promise.all([open(clientPort), open(serverPort)]);

  /** one direction: packets read from `from` are written to `to`'s socat at `peer` when the link delivers them */
  const carry = (from, to, peer, up) => {
    const dir = direction({ delayMs, rateKbit });
    const queue = []; // [deliverAt, packet], in order: delivery times never decrease
    let timer;
    const flush = () => {
      timer = undefined;
      const now = performance.now();
      while (queue.length && queue[0][0] <= now + 0.5) to.send(queue.shift()[1], peer, '127.0.0.1');
      if (queue.length) timer = setTimeout(flush, queue[0][0] - now);
    };
    from.on('message', (packet) => {
      const info = packetInfo(packet);
      if (info) {
        const c = of(up ? info.dst : info.src);
        if (up) {
          c.up += packet.length;
          c.packetsUp++;
          if (info.syn) c.connections = (opened[info.dst] ??= new Map()).set(info.srcPort, opened[info.dst].get(info.srcPort) ?? 0).size;
          if (info.dnsQuery) c.dnsQueries++;
        } else {
          c.down += packet.length;
          c.packetsDown++;
          const connection = opened[info.src];
          if (connection?.has(info.dstPort)) {
            connection.set(info.dstPort, connection.get(info.dstPort) + packet.length);
            c.downByConnection = [...connection.values()];
          }
        }
      }
      // a lost packet still took no time on the link: it is dropped before it
      if (loss > 0 && Math.random() < loss) return;
      queue.push([deliveryTime(dir, performance.now(), packet.length), packet]);
      if (timer === undefined) timer = setTimeout(flush, queue[0][0] - performance.now());
    });
  };
  carry(client, server, serverPeer, true);
  carry(server, client, clientPeer, false);
  return {
    /** the ports its ends listen on (0 asked: free ones) */
    ports: { client: client.address().port, server: server.address().port },
    counters: () => counters,
    reset: () => {
      counters = {};
      opened = {};
    },
    close: () => Promise.all([client, server].map((s) => new Promise((r) => s.close(r)))),
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { values: o } = parseArgs({
    options: Object.fromEntries(
      ['client-port', 'client-peer', 'server-port', 'server-peer', 'delay-ms', 'rate-kbit', 'loss'].map((n) => [n, { type: 'string' }]),
    ),
  });
  const link = await startLink({
    clientPort: Number(o['client-port']),
    clientPeer: Number(o['client-peer']),
    serverPort: Number(o['server-port']),
    serverPeer: Number(o['server-peer']),
    delayMs: Number(o['delay-ms'] ?? 200),
    rateKbit: Number(o['rate-kbit'] ?? 400),
    loss: Number(o.loss ?? 0),
  });
  process.on('message', (m) => {
    if (m === 'counters') process.send({ counters: link.counters() });
    if (m === 'reset') link.reset();
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  process.send?.('ready');
}
