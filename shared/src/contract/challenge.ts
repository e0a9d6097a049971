/**
 * The proof of work a challengeRequired answer asks (errors.ts): find a decimal `solution` such that
 * SHA-256(`${challenge}:${solution}`) starts with `bits` zero bits. The server checks one hash; the
 * client tries nonces. Runs here with no third-party service.
 */
export const challengeInput = (challenge: string, solution: string) => `${challenge}:${solution}`;

/** how many leading zero bits the digest has */
export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0;
  for (const byte of digest) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}
