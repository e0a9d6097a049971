/**
 * Compile-time checks of the staff routes' role typing (checked by `tsc -p server/tsconfig.json`, never run):
 * each `@ts-expect-error` fails the typecheck if the line below it compiles, i.e. if a route could skip
 * its role list or reach a service its roles may not use.
 */
import { staffRoute } from '../src/http/staffRoutes';
import { CAN } from '../src/staff/roles';
import { approveProposal, propose } from '../src/services/proposals';
import { verifyAudit } from '../src/services/auditTrail';

const WAIVER = { kind: 'waiver', orderNo: 'x', account: 'fee', amount: 1, reason: 'xyz' } as const;

export const typeChecks = [
  // a supervisor route may approve
  staffRoute({ method: 'POST', url: '/x', roles: CAN.approveMoney, handler: (ctx) => approveProposal(ctx, 1) }),
  // @ts-expect-error an agent's route may not approve (the context's role is 'agent' | 'collections' | 'supervisor')
  staffRoute({ method: 'POST', url: '/x', roles: CAN.proposeMoney, handler: (ctx) => approveProposal(ctx, 1) }),
  // @ts-expect-error a route with no role list does not compile
  staffRoute({ method: 'GET', url: '/x', handler: async () => null }),
  // @ts-expect-error nor with an empty one
  staffRoute({ method: 'GET', url: '/x', roles: [], handler: async () => null }),
  staffRoute({
    method: 'POST',
    url: '/x',
    roles: ['reviewer', 'supervisor'],
    // @ts-expect-error a reviewer-or-supervisor route may not propose (a reviewer may not)
    handler: (ctx) => propose(ctx, WAIVER),
  }),
  // @ts-expect-error an agent may not read the audit trail
  staffRoute({ method: 'GET', url: '/x', roles: ['agent'], handler: (ctx) => verifyAudit(ctx) }),
  staffRoute({ method: 'GET', url: '/x', roles: ['admin'], handler: (ctx) => verifyAudit(ctx) }),
];
