/**
 * Solves the proof of work a challengeRequired answer asks (contract/challenge.ts) with the
 * browser's Web Crypto: SHA-256 of `challenge:n` for n = 0, 1, ... until `bits` leading zero bits.
 * Hashes run in batches; between batches the loop gives the page a turn of its event loop at least
 * every YIELD_MS (WebCrypto's answers arrive as microtasks: without it nothing, not even the
 * progress, is painted until the work is done).
 */
import { challengeInput, leadingZeroBits } from '../contract/challenge';

const BATCH = 512;
const YIELD_MS = 50;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** the solution (a decimal nonce); onProgress gets the share of the expected work done (0..1, may pass 1) */
export async function solveChallenge(challenge: string, bits: number, onProgress?: (share: number) => void, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  const expected = 2 ** bits;
  let yielded = 0; // a first turn at once: the notice the caller just set is on screen before the work
  for (let start = 0; ; start += BATCH) {
    if (Date.now() - yielded >= YIELD_MS) {
      await nextTask();
      yielded = Date.now();
    }
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, i) => globalThis.crypto.subtle.digest('SHA-256', encoder.encode(challengeInput(challenge, String(start + i))))),
    );
    const hit = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= bits);
    if (hit >= 0) return String(start + hit);
    onProgress?.((start + BATCH) / expected);
  }
}
