/** The navigation follows the API's one table of permissions: each role sees exactly the screens the API lets it use. */
import { CAN, STAFF_ROLES, type Permission } from '../../server/src/staff/roles';
import { mayDecideMoney, mayOpen } from './access';
import type { OpsRouteName } from './routeTable';
import { routeTable } from './routeTable';

const NEEDS: Record<OpsRouteName, Permission> = {
  opsQueues: 'self',
  opsSignIn: 'self',
  opsPassword: 'self',
  opsReviews: 'reviewApplications',
  opsBorrowers: 'readBorrowers',
  opsCollections: 'collect',
  opsProofs: 'checkProofs',
  opsComplaints: 'answerComplaints',
  opsProposals: 'proposeMoney',
  opsRails: 'readRails',
  opsAccounts: 'manageStaff',
  opsAudit: 'readAudit',
};

test.each(routeTable.routes.map((r) => r.name))('%s is shown to the roles the API lets use it', (name) => {
  const allowed = CAN[NEEDS[name]] as readonly string[];
  for (const role of STAFF_ROLES) expect([role, mayOpen(name, role)]).toEqual([role, allowed.includes(role)]);
});

test('only the checkers decide money', () => {
  for (const role of STAFF_ROLES) expect(mayDecideMoney(role)).toBe((CAN.approveMoney as readonly string[]).includes(role));
});
