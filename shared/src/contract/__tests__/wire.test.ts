import { deriveKey, seal } from '../cipher';
import { FIELD_NAME_RE, openParams, openPath, randomFieldName, sealRequest, WireError } from '../wire';
import { fillPath } from '../endpoint';

const key = deriveKey('pk.loanmarket.app');

describe('wire requests', () => {
  it('random field names match the protocol pattern', () => {
    for (let i = 0; i < 500; i++) expect(randomFieldName()).toMatch(FIELD_NAME_RE);
  });

  it('seals path and params with t in whole seconds, and the server side opens them', () => {
    const req = sealRequest(key, '/api', '/security/login', { mobile: '03001234567' }, 1_700_000_000_999);
    expect(req.url.startsWith('/api/')).toBe(true);
    expect(openPath(key, req.url.slice('/api/'.length))).toBe('/security/login');
    expect(openParams(key, { [req.field]: req.sealed }, undefined)).toEqual({ mobile: '03001234567', t: 1_700_000_000 });
  });

  it('prefers the body field over the query field', () => {
    const q = sealRequest(key, '/api', '/x', { from: 'query' });
    const b = sealRequest(key, '/api', '/x', { from: 'body' });
    expect(openParams(key, { [q.field]: q.sealed }, { [b.field]: b.sealed }).from).toBe('body');
  });

  it('rejects requests without exactly one field, or without an integer t', () => {
    expect(() => openParams(key, {}, {})).toThrow(WireError);
    expect(() => openParams(key, { abcdef: seal('{"t":1}', key), ghijkl: seal('{"t":1}', key) }, undefined)).toThrow(WireError);
    expect(() => openParams(key, { abcdef: seal('{"a":1}', key) }, undefined)).toThrow(/t missing/);
    expect(() => openParams(key, { abcdef: seal('{"t":1.5}', key) }, undefined)).toThrow(/t missing/);
    expect(() => openParams(key, { abcdef: 'garbage' }, undefined)).toThrow(WireError);
    expect(() => openPath(key, seal('no-slash', key))).toThrow(WireError);
  });

  it('fills path parameters and keeps them out of the params', () => {
    expect(fillPath('/loan/order/cancel/{id}', { id: 123 })).toEqual({ path: '/loan/order/cancel/123', rest: {} });
    expect(() => fillPath('/loan/order/cancel/{id}', {})).toThrow();
  });
});
