/**
 * Which screens and actions the console shows each role: each screen names the permission of the API it uses, read in
 * the contract's one table of permissions (shared/src/contract/staffRoles.ts `CAN`), which the API enforces. This
 * only keeps other roles' work out of the way: the API refuses anyone else whatever the console shows.
 */
import { may, type Permission, type StaffRole } from 'shared/staff';
import type { OpsRouteName } from './routeTable';

/** the permission each screen's calls need ('self': every signed-in member) */
export const SCREEN_NEEDS: Record<OpsRouteName, Permission> = {
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

export const mayOpen = (name: OpsRouteName, role: StaffRole) => may(role, SCREEN_NEEDS[name]);

/** who decides money proposals (the checker) */
export const mayDecideMoney = (role: StaffRole) => may(role, 'approveMoney');
/** who proposes money actions (the maker) */
export const mayProposeMoney = (role: StaffRole) => may(role, 'proposeMoney');
