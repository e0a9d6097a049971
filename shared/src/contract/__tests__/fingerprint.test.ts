import { z } from 'zod';
import { endpoints } from '../endpoints';
import { callFingerprints, schemaFingerprint } from '../fingerprint';

describe('wire fingerprints of a call', () => {
  it('are stable, and separate for the request and the response', () => {
    const fp = callFingerprints('repaymentDetail');
    expect(fp).toEqual({ request: expect.stringMatching(/^[0-9a-f]{16}$/), response: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(callFingerprints('repaymentDetail')).toEqual(fp);
    expect(fp.request).not.toBe(fp.response);
    // calls with the same schemas have the same fingerprints
    expect(callFingerprints('uploadCurpBack')).toEqual(callFingerprints('uploadCurpFront'));
  });

  it('exist for every call of the catalogue (every schema has a JSON Schema form)', () => {
    for (const name of Object.keys(endpoints) as (keyof typeof endpoints)[]) expect(() => callFingerprints(name)).not.toThrow();
  });

  it('change when a required parameter is renamed or becomes required, not when fields are reordered or described', () => {
    const before = schemaFingerprint(z.object({ orderNo: z.string(), amount: z.number().optional() }));
    expect(schemaFingerprint(z.object({ amount: z.number().optional(), orderNo: z.string() }))).toBe(before);
    expect(schemaFingerprint(z.object({ orderNo: z.string().describe('the order'), amount: z.number().optional() }))).toBe(before);
    expect(schemaFingerprint(z.object({ orderId: z.string(), amount: z.number().optional() }))).not.toBe(before);
    expect(schemaFingerprint(z.object({ orderNo: z.string(), amount: z.number() }))).not.toBe(before);
  });
});
