import { go, isLoggedIn, pathFor } from 'shared';
import { goLogin } from 'shared/ui';

/** A promotion page's call to action: into the real flow (to_borrow), through login when logged out. */
export function promoApply(productId?: string): void {
  if (isLoggedIn()) go('toBorrow', productId ? { productId } : undefined);
  else goLogin(pathFor('toBorrow', productId ? { productId } : undefined));
}
