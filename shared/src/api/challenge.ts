/**
 * Solves the proof of work a challengeRequired answer asks (contract/challenge.ts) with the
 * browser's Web Crypto: SHA-256 of `challenge:n` for n = 0, 1, ... until `bits` leading zero bits.
 * Hashes run in batches so progress can be shown and the page stays responsive.
 */
import { challengeInput, leadingZeroBits } from '../contract/challenge';

const BATCH = 512;

/** the solution (a decimal nonce); onProgress gets the share of the expected work done (0..1, may pass 1) */
export async function solveChallenge(challenge: string, bits: number, onProgress?: (share: number) => void, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  const expected = 2 ** bits;
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, i) => globalThis.crypto.subtle.digest('SHA-256', encoder.encode(challengeInput(challenge, String(start + i))))),
    );
    const hit = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= bits);
    if (hit >= 0) return String(start + hit);
    onProgress?.((start + BATCH) / expected);
  }
}
