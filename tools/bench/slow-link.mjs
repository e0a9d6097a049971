/**
 * An emulated mobile link for the start-up benchmark: an HTTP proxy that answers every
 * request after the link's round trip and paces all response bodies together through the
 * link's bandwidth. Unlike DevTools' per-page throttling it also slows the service worker's
 * own requests, so a worker cannot look faster than the network it runs on.
 */
import http from 'node:http';

const PIECE = 8 * 1024;

export async function startSlowLink({ latencyMs, bytesPerSecond }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let linkFreeAt = 0;
  /** waits for this piece's turn on the shared link */
  function pace(bytes) {
    const now = Date.now();
    linkFreeAt = Math.max(now, linkFreeAt) + (bytes / bytesPerSecond) * 1000;
    return new Promise((r) => setTimeout(r, linkFreeAt - now));
  }
  async function relay(from, to) {
    for await (const chunk of from) {
      for (let i = 0; i < chunk.length; i += PIECE) {
        const piece = chunk.subarray(i, i + PIECE);
        await pace(piece.length);
        if (!to.write(piece)) await new Promise((r) => to.once('drain', r));
      }
    }
    to.end();
  }
  const server = http.createServer((req, res) => {
    const target = new URL(req.url);
    const started = Date.now();
    const up = http.request(target, { method: req.method, headers: req.headers, agent }, async (upRes) => {
      await new Promise((r) => setTimeout(r, Math.max(0, latencyMs - (Date.now() - started))));
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      relay(upRes, res).catch(() => res.destroy());
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    server: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((r) => {
        agent.destroy();
        server.close(r);
      }),
  };
}
