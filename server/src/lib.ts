/** Small shared pieces of the server: errors, clock, hashing, time formatting. */
import crypto from 'node:crypto';
import C from './contract';

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
/** a value as written to a JSON column */
export const jsonb = (v: unknown) => JSON.stringify(v ?? null);

export function fail(code: number, data: unknown = null, vars?: Record<string, string | number>): never {
  throw new AppError(code, data, 200, vars);
}

/** The business clock: real time scaled by CLOCK_SPEED, plus an offset dev controls can advance. */
export class Clock {
  private readonly base = Date.now();
  private offset = 0;
  constructor(public speed = 1) {}
  now(): number {
    const real = Date.now();
    return Math.floor(this.base + (real - this.base) * this.speed + this.offset);
  }
  advance(ms: number): number {
    this.offset += ms;
    return this.now();
  }
  reset(): void {
    this.offset = 0;
  }
}

/** whether an order status is one of a contract status set (ACTIVE_STATUSES, OWING_STATUSES...) */
export const statusIn = (set: readonly number[], status: number): boolean => set.includes(status);

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
export const PKT_OFFSET_MS = 5 * HOUR_MS;

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(Number(ms)));
/** YYYY-MM-DD in Pakistan time */
export const pkDate = (ms: number): string => new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 10);
/** the Pakistan calendar day of a moment, as a day number (days since 1970-01-01 in Pakistan) */
export const pkDay = (ms: number): number => Math.floor((ms + PKT_OFFSET_MS) / DAY_MS);
/** the moment the Pakistan calendar day of `ms` began */
export const pkDayStart = (ms: number): number => pkDay(ms) * DAY_MS - PKT_OFFSET_MS;

export function hmac(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('hex');
}
export function safeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += crypto.randomInt(0, 10);
  return s;
}
export function maskMobile(m: string): string {
  return m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-3)}` : '****';
}
export function maskAccount(a: string): string {
  return a.length <= 4 ? a : `${'*'.repeat(Math.min(8, a.length - 4))}${a.slice(-4)}`;
}
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code !== '23505') return false;
  return !constraint || err.constraint === constraint || (err.message ?? '').includes(constraint);
}
/** a unique-key race (the same key on two orders at once): the loser runs again and sees the winner's row */
export async function retryOnceOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) return run();
    throw e;
  }
}
export function newOrderNo(now: number): string {
  return `LM${pkDate(now).replace(/-/g, '')}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}
