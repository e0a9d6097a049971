/**
 * Selfie checks under load (issue 25 item 7), as figures: PARALLEL (default 6) borrowers send a good
 * face (server/test/fixtures/faces/face-one.jpg) at the same moment to one instance, each sending it
 * again after a faceBusy answer as the app does (the server's retryAfterMs, at most 20 times).
 * Runs against any build (an older one simply never answers busy):
 *   npx tsx tools/faults/selfie-load.mjs            (FACE_WORKERS=n to size the pool)
 * Prints each check (final code, seconds, sends) and `accepted N of PARALLEL, slowest S s`.
 */
import { startTest, register, FACE } from '../../server/test/helpers.ts';
import C from '../../server/src/api/contract.ts';

const PARALLEL = Number(process.env.PARALLEL ?? 6);
const BUSY = C.ErrorCode.faceBusy;
const MAX_BUSY_RETRIES = 20;

const srv = await startTest({});
try {
  const people = await Promise.all(Array.from({ length: PARALLEL }, () => register(srv.client)));
  const t0 = Date.now();
  const results = await Promise.all(
    people.map(async (p) => {
      for (let sends = 1; ; sends++) {
        const a = await srv.client('saveFaceImage', {}, { token: p.token, file: { data: FACE } });
        if (a.code !== BUSY || sends > MAX_BUSY_RETRIES) return { code: a.code, s: (Date.now() - t0) / 1000, sends };
        await new Promise((r) => setTimeout(r, a.data?.retryAfterMs ?? 1000));
      }
    }),
  );
  for (const r of results) console.log(`code ${r.code} after ${r.s.toFixed(1)} s, ${r.sends} send(s)`);
  const accepted = results.filter((r) => r.code === 0).length;
  console.log(`accepted ${accepted} of ${PARALLEL}, slowest ${Math.max(...results.map((r) => r.s)).toFixed(1)} s`);
} finally {
  await srv.close();
}
