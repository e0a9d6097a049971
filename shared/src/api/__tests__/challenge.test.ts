import { createHash } from 'node:crypto';
import { challengeInput, leadingZeroBits } from '../../contract/challenge';
import { solveChallenge } from '../challenge';

describe('solveChallenge', () => {
  it('finds a nonce whose SHA-256 has the leading zero bits asked, as the server checks it', async () => {
    const challenge = '1900000000.10.abcdef.0123';
    const shares: number[] = [];
    const solution = await solveChallenge(challenge, 10, (s) => shares.push(s));
    expect(solution).toMatch(/^\d+$/);
    expect(leadingZeroBits(createHash('sha256').update(challengeInput(challenge, solution)).digest())).toBeGreaterThanOrEqual(10);
    // the first nonce that works: none before it does
    for (let n = 0; n < Number(solution); n++)
      expect(
        leadingZeroBits(
          createHash('sha256')
            .update(challengeInput(challenge, String(n)))
            .digest(),
        ),
      ).toBeLessThan(10);
  });

  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0x10, 0xff]))).toBe(11);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});
