/** Business errors: answered as `{code, msg, data}` (docs/wire-protocol.md). */
import C from '../api/contract';

export const { ErrorCode } = C;

/** A failure answered as `{code, msg, data}`; httpStatus 200 for business errors (wire-protocol.md). */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    public readonly data: unknown = null,
    public readonly httpStatus = 200,
    public readonly vars?: Record<string, string | number>,
  ) {
    super(`app error ${code}`);
  }
}

export function fail(code: number, data: unknown = null, vars?: Record<string, string | number>): never {
  throw new AppError(code, data, 200, vars);
}
