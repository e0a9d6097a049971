/**
 * mf-operations' exposed module: each route of its table with its screen (one lazy chunk each) and its entry in the
 * navigation (which roles see it: access.ts). A route without a screen does not compile. A new screen is a feature folder, a row in routeTable.ts and
 * an entry here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeTable, type OpsRouteName } from './routeTable';

export interface ConsoleScreen {
  screen: LazyExoticComponent<ComponentType>;
  /** its entry in the navigation (a string key); none for screens reached otherwise */
  nav?: string;
}

export const screens = {
  opsQueues: { screen: lazy(() => import('./features/queues/QueuesScreen')), nav: 'nav.queues' },
  opsSignIn: { screen: lazy(() => import('./features/signIn/SignInScreen')) },
  opsPassword: { screen: lazy(() => import('./features/password/PasswordScreen')), nav: 'nav.password' },
  opsReviews: { screen: lazy(() => import('./features/reviews/ReviewsScreen')), nav: 'nav.reviews' },
  opsBorrowers: { screen: lazy(() => import('./features/borrowers/BorrowersScreen')), nav: 'nav.borrowers' },
  opsCollections: { screen: lazy(() => import('./features/collections/CollectionsScreen')), nav: 'nav.collections' },
  opsProofs: { screen: lazy(() => import('./features/proofs/ProofsScreen')), nav: 'nav.proofs' },
  opsComplaints: { screen: lazy(() => import('./features/complaints/ComplaintsScreen')), nav: 'nav.complaints' },
  opsProposals: {
    screen: lazy(() => import('./features/proposals/ProposalsScreen')),
    nav: 'nav.proposals',
  },
  opsRails: { screen: lazy(() => import('./features/rails/RailsScreen')), nav: 'nav.rails' },
  opsAccounts: { screen: lazy(() => import('./features/accounts/AccountsScreen')), nav: 'nav.accounts' },
  opsAudit: { screen: lazy(() => import('./features/audit/AuditScreen')), nav: 'nav.audit' },
} as const satisfies Record<OpsRouteName, ConsoleScreen>;

const consoleModule = { table: routeTable, screens };
export type ConsoleModule = typeof consoleModule;
export default consoleModule;
