/** The console shows each role the screens of the contract's permissions (shared/src/contract/staffRoles.ts), which the API enforces. */
import { STAFF_ROLES } from 'shared/staff';
import { mayDecideMoney, mayOpen, mayProposeMoney } from './access';
import { routeTable } from './routeTable';

const screensOf = (role: (typeof STAFF_ROLES)[number]) => routeTable.routes.map((r) => r.name).filter((n) => mayOpen(n, role));

test('each role sees the screens of its work', () => {
  expect(screensOf('admin')).toEqual(['opsQueues', 'opsSignIn', 'opsAccounts', 'opsAudit', 'opsPassword']);
  expect(screensOf('agent')).toEqual(['opsQueues', 'opsSignIn', 'opsBorrowers', 'opsProofs', 'opsComplaints', 'opsProposals', 'opsRails', 'opsPassword']);
  expect(screensOf('reviewer')).toEqual(['opsQueues', 'opsSignIn', 'opsReviews', 'opsBorrowers', 'opsPassword']);
  expect(screensOf('collections')).toEqual(['opsQueues', 'opsSignIn', 'opsBorrowers', 'opsCollections', 'opsProposals', 'opsRails', 'opsPassword']);
  expect(screensOf('supervisor')).not.toContain('opsAccounts');
});

test('only supervisors decide money; agents, collections and supervisors propose it', () => {
  expect(STAFF_ROLES.filter(mayDecideMoney)).toEqual(['supervisor']);
  expect(STAFF_ROLES.filter(mayProposeMoney)).toEqual(['agent', 'collections', 'supervisor']);
});
