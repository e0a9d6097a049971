/**
 * Which screens the console shows each role: the queues that are their work. The API refuses anyone else whatever
 * the console shows (server/src/staff/roles.ts `CAN` is the authority); this only keeps other roles' queues out of
 * the way. A screen not named here is every member's.
 */
import type { StaffRole } from './api/types';
import type { OpsRouteName } from './routeTable';

const ROLES_OF: Partial<Record<OpsRouteName, readonly StaffRole[]>> = {
  opsReviews: ['reviewer', 'supervisor'],
  opsBorrowers: ['agent', 'reviewer', 'collections', 'supervisor'],
  opsCollections: ['collections', 'supervisor'],
  opsProofs: ['agent', 'supervisor'],
  opsComplaints: ['agent', 'supervisor'],
  opsProposals: ['agent', 'collections', 'supervisor'],
  opsRails: ['agent', 'collections', 'supervisor'],
  opsAccounts: ['admin'],
  opsAudit: ['supervisor', 'admin'],
};

export const mayOpen = (name: OpsRouteName, role: StaffRole) => ROLES_OF[name]?.includes(role) ?? true;

/** who decides money proposals (the API's `approveMoney`) */
export const mayDecideMoney = (role: StaffRole) => role === 'supervisor';
