/** What every handler and job gets. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { Clock } from './lib';
import type { Storage } from './storage';
import type { OtpProvider } from './otp';
import type { Ocr } from './ocr';

export interface DevState {
  /** forced outcomes per national mobile, consumed when used */
  force: Map<string, { review?: 'approve' | 'reject'; payout?: 'ok' | 'fail'; payment?: 'ok' | 'fail'; dataCollection?: boolean }>;
  /** last OTP sent per mobile (only kept when dev controls are on) */
  lastOtp: Map<string, string>;
}

export interface Deps {
  cfg: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  log: FastifyBaseLogger;
  storage: Storage;
  otp: OtpProvider;
  ocr: Ocr;
  dev: DevState;
}

export interface UserRow {
  id: number;
  mobile: string;
  created_at: number;
  credit_limit: number;
  on_time_count: number;
  first_name: string | null;
  last_name: string | null;
  data_deleted_at: number | null;
}

export interface Ctx {
  deps: Deps;
  user: UserRow | null;
  lang: 'en' | 'ur';
  ip: string;
  file?: { buffer: Buffer; mime: 'image/jpeg' | 'image/png' };
}
