/**
 * mf-operations' routes, published with each release (shared/src/routes/declare.ts). The console is a staff
 * remote: these are its own table on its own origin (no spec route, no borrower path to avoid). Guarded: needs a
 * staff session (the shell sends anyone else to sign-in). The first is where a signed-in member lands.
 */
import type { RouteTable } from 'shared/routes';

export const routeTable = {
  remote: 'mf_operations',
  routes: [
    { name: 'opsQueues', path: '/', guarded: true },
    { name: 'opsSignIn', path: '/sign-in' },
    { name: 'opsReviews', path: '/reviews', guarded: true },
    { name: 'opsBorrowers', path: '/borrowers', guarded: true },
    { name: 'opsCollections', path: '/collections', guarded: true },
    { name: 'opsProofs', path: '/proofs', guarded: true },
    { name: 'opsComplaints', path: '/complaints', guarded: true },
    { name: 'opsProposals', path: '/proposals', guarded: true },
    { name: 'opsRails', path: '/rails', guarded: true },
    { name: 'opsAccounts', path: '/accounts', guarded: true },
    { name: 'opsAudit', path: '/audit', guarded: true },
    { name: 'opsPassword', path: '/password', guarded: true },
  ],
} as const satisfies RouteTable<'mf_operations'>;

export type OpsRouteName = (typeof routeTable.routes)[number]['name'];
