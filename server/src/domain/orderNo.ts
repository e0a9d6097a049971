/** An order's number: LM, its Pakistan date, ten random hex digits. */
import crypto from 'node:crypto';
import { pkDate } from '../core/time';

export function newOrderNo(now: number): string {
  return `LM${pkDate(now).replace(/-/g, '')}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}
