/**
 * The router hooks remotes may use, re-exported from here so that react-router stays
 * inside the shared package's bundle (tree-shaken) instead of being a federated module of
 * its own: one copy, one router context, and about half its bytes.
 */
export { useLocation, useSearchParams } from 'react-router-dom';
