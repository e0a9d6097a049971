/**
 * Staff roles and what each may do: the table is the contract's (shared/src/contract/staffRoles.ts), which the
 * console reads too. A staff route names one of its permissions; its handler then receives a `StaffCtx` whose role is
 * narrowed to the permission's roles, and a service that needs a permission takes that narrowed context, so a route
 * allowing another role does not compile (http/staffRoutes.ts).
 */
import C from '../api/contract';

export type { StaffRole, Permission, RolesOf } from '../api/contract';
export const { STAFF_ROLES, CAN, isRole, may } = C;
