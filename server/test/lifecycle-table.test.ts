/**
 * The lifecycle table (domain/lifecycle.ts) is the only way an order moves: a move it does not allow is
 * refused before anything is written, a stale read loses to the writer that moved the order first, and
 * docs/lifecycle.md is the table as it is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { serverForFile, register } from './helpers';
import C from '../src/api/contract';
import { IllegalTransition, LIFECYCLE, target } from '../src/domain/lifecycle';
import { transition } from '../src/usecases/lifecycle';
import { lifecycleMarkdown } from '../src/domain/lifecycleDoc';
import { latestOrderRow } from '../src/repos/orders';
import { eventsOf } from '../src/repos/orderEvents';

const { OrderStatus: S, ORDER_EVENT_TYPES, INCOMPLETE_STATUSES } = C;
const { srv: s } = serverForFile();

test('docs/lifecycle.md is drawn from the table as it is (npm run lifecycle-doc -w server)', () => {
  assert.equal(fs.readFileSync(new URL('../../docs/lifecycle.md', import.meta.url), 'utf8'), lifecycleMarkdown());
});

test('every event of the table is one the order history knows, and every status but the first steps is reached by one', () => {
  for (const e of Object.keys(LIFECYCLE)) assert.ok((ORDER_EVENT_TYPES as readonly string[]).includes(e), e);
  const reached = new Set(Object.values(LIFECYCLE).flatMap((r) => (typeof r.to === 'number' ? [r.to] : r.to)));
  for (const status of Object.values(S)) assert.ok(reached.has(status), `status ${status} is reached by no event`);
});

test('moves the table does not allow are refused: from the wrong status, or to a target outside the event', () => {
  assert.equal(target('disbursed', S.Lending), S.Repaying);
  assert.equal(target('stepChanged', S.BasicInfo, S.Addition), S.Addition);
  assert.throws(() => target('disbursed', S.Applying), IllegalTransition);
  assert.throws(() => target('finished', S.Cancel), IllegalTransition);
  assert.throws(() => target('approved', S.Confirm), IllegalTransition);
  assert.throws(() => target('stepChanged', S.BasicInfo), IllegalTransition, 'a step change names its step');
  assert.throws(() => target('stepChanged', S.BasicInfo, S.Applying as never), IllegalTransition, 'review is `submitted`, not a step');
  assert.throws(() => target('stepChanged', S.Repaying, INCOMPLETE_STATUSES[0]), IllegalTransition);
});

test('on a real order: an illegal event writes nothing; a stale read loses; the move and its history are written together', async () => {
  const b = await register(s.client);
  assert.equal((await s.client('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: b.token })).code, 0);
  const db = s.deps.db;
  const o = (await latestOrderRow(db, b.user.userId))!;
  assert.equal(o.status, S.BasicInfo, 'nothing filled in yet: the first step');
  await assert.rejects(() => transition(db, o, 'disbursed', Date.now()), IllegalTransition);
  assert.equal((await latestOrderRow(db, b.user.userId))!.status, S.BasicInfo, 'nothing written');

  const moved = await transition(db, o, 'stepChanged', Date.now(), { to: S.Addition });
  assert.equal(moved?.status, S.Addition);
  // `o` still says BasicInfo: a writer that read it before the move loses
  assert.equal(await transition(db, o, 'stepChanged', Date.now(), { to: S.BindCard }), null);
  // ... unless the event stands from any allowed status (a cancellation)
  const cancelled = await transition(db, o, 'cancelled', Date.now(), { set: { cancel_reason: 'test' }, from: 'any' });
  assert.equal(cancelled?.status, S.Cancel);
  const history = (await eventsOf(db, o.id)).map((e) => [e.type, e.status]);
  assert.deepEqual(history.slice(-2), [
    ['stepChanged', S.Addition],
    ['cancelled', S.Cancel],
  ]);
});
