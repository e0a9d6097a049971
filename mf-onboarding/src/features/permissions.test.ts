/** The agreement to the device permissions, asked of the server before the camera, contacts and data collection. */
import { afterConsent, askConsent, consentFirst, hasConsent, missingRequired, rememberConsent, type ConsentDeps } from './permissions';

const agreed = {
  version: 'v1',
  consent: { version: 'v1', agreedAt: '2025-06-01T10:00:00.000Z', permissions: ['camera', 'storage'] as ('camera' | 'storage')[] },
};
const deps = (userId: number, answer: { version: string; consent: typeof agreed.consent | null }): ConsentDeps & { read: jest.Mock } => ({
  userId: () => userId,
  read: jest.fn(async () => answer),
});

describe('device permissions agreement', () => {
  beforeEach(() => {
    window.location.hash = '#/auth/id_card_authentication';
  });

  it('a borrower without a stored agreement is sent to the permissions screen, to come back to where they were', async () => {
    const d = deps(1, { version: 'v1', consent: null });
    expect(await consentFirst('idCardAuthentication', d)).toBe(false);
    expect(window.location.hash).toBe('#/auth/permissions?next=idCardAuthentication');
    // not remembered: asked again next time
    expect(await hasConsent(d)).toBe(false);
    expect(d.read).toHaveBeenCalledTimes(2);
  });

  it('a stored agreement (from any phone) lets the step go on, and is asked of the server once per borrower', async () => {
    const d = deps(2, agreed);
    expect(await consentFirst('additionalInfomation', d)).toBe(true);
    expect(window.location.hash).toBe('#/auth/id_card_authentication');
    expect(await hasConsent(d)).toBe(true);
    expect(d.read).toHaveBeenCalledTimes(1);
    // another borrower on the same phone is asked about again
    const other = deps(3, { version: 'v1', consent: null });
    expect(await hasConsent(other)).toBe(false);
    rememberConsent(3);
    expect(await hasConsent(other)).toBe(true);
  });

  it('names the required permissions left unticked', () => {
    expect(missingRequired(['camera', 'storage'], { camera: true, location: true })).toEqual(['storage']);
    expect(missingRequired(['camera'], { camera: true })).toEqual([]);
  });

  it("asked by a step's Next, agreeing goes on with that step (it submits itself once), not back to press Next again", () => {
    askConsent('personalInfomation', { resume: true });
    expect(window.location.hash).toBe('#/auth/permissions?next=personalInfomation&resume=1');
    const params = new URLSearchParams(window.location.hash.split('?')[1]);
    expect(afterConsent(params)).toEqual({ route: 'personalInfomation', query: { resume: 'personalInfomation' } });
    // asked by the camera or the contact picker: back to the screen, nothing submitted
    expect(afterConsent(new URLSearchParams('next=idCardAuthentication'))).toEqual({ route: 'idCardAuthentication' });
  });
});
