/** The market profile's risk warning (issue 29): applying for a loan needs the current version acknowledged. */
import type { AuthedCtx } from '../context/deps';
import { ErrorCode, fail } from '../core/errors';
import { acknowledgementOf } from '../repos/compliance';

/** refuses (riskWarningRequired, data.version) a borrower who has not acknowledged the profile's current warning */
export async function requireRiskWarning(ctx: AuthedCtx): Promise<void> {
  const version = ctx.deps.cfg.profile.riskWarning?.version;
  if (version && !(await acknowledgementOf(ctx.deps.db, ctx.user.id, version))) fail(ErrorCode.riskWarningRequired, { version });
}
