/**
 * docs/lifecycle.md drawn from the lifecycle table (domain/lifecycle.ts): the table of events and a
 * Mermaid state diagram. `npm run lifecycle-doc -w server` writes it; server/test/lifecycle-table.test.ts
 * fails when the file and the table differ.
 */
import C from '../api/contract';
import { LIFECYCLE, type LifecycleEvent } from './lifecycle';

const { OrderStatus, INCOMPLETE_STATUSES } = C;
const NAME = Object.fromEntries(Object.entries(OrderStatus).map(([k, v]) => [v, k])) as Record<number, string>;
const APPLICATION = 'Application';

const names = (list: readonly number[]) => list.map((s) => `${NAME[s]} (${s})`).join(', ');
const isApplication = (list: readonly number[]) => INCOMPLETE_STATUSES.every((s) => list.includes(s));
/** the statuses of a from-list, the application's steps drawn as their one box */
const nodes = (list: readonly number[]) =>
  isApplication(list)
    ? [APPLICATION, ...list.filter((s) => !(INCOMPLETE_STATUSES as readonly number[]).includes(s)).map((s) => NAME[s])]
    : list.map((s) => NAME[s]);

export function lifecycleMarkdown(): string {
  const events = Object.keys(LIFECYCLE) as LifecycleEvent[];
  const rows = events.map((e) => {
    const r = LIFECYCLE[e];
    const to = typeof r.to === 'number' ? names([r.to]) : `the next step: ${names(r.to)}`;
    return `| \`${e}\` | ${isApplication(r.from) && r.from.length === INCOMPLETE_STATUSES.length ? 'any application step' : names(r.from)} | ${to} | ${r.by} |`;
  });
  const edges = events.flatMap((e) => {
    const r = LIFECYCLE[e];
    if (typeof r.to !== 'number') return []; // the steps' own order is drawn inside the application's box
    const to = NAME[r.to];
    return nodes(r.from).map((from) => `  ${from} --> ${to}: ${e}`);
  });
  const steps = INCOMPLETE_STATUSES.slice(1).map((s, i) => `    ${NAME[INCOMPLETE_STATUSES[i]]} --> ${NAME[s]}: stepChanged`);
  return [
    "# The order's life",
    '',
    '<!-- Drawn from server/src/domain/lifecycle.ts by `npm run lifecycle-doc -w server`; edit the table, not this file. -->',
    '',
    "Every change of an order's status is one of these events, written by `transition()` in",
    '`server/src/usecases/lifecycle.ts` by this table; any other move is refused before it is written. A new order starts',
    'at the first application step the borrower has not done, or in review when all are done',
    '(`created`, then `submitted`). Events that do not move the order (`created`, `repayment`,',
    '`couponApplied`, `limitRaised`, `waived`, `refunded`, `couponReturned`, a `cardChanged` while awaiting confirmation) are recorded in its',
    'history only. An application held for a person (REVIEW_MANUAL_BAND) stays Applying until a reviewer decides: `approved` or `rejected`.',
    '',
    '| event | from | to | moved by |',
    '|---|---|---|---|',
    ...rows,
    '',
    '```mermaid',
    'stateDiagram-v2',
    `  [*] --> ${APPLICATION}: created`,
    `  state ${APPLICATION} {`,
    ...steps,
    '  }',
    ...edges,
    `  ${NAME[OrderStatus.Finish]} --> [*]`,
    `  ${NAME[OrderStatus.Cancel]} --> [*]`,
    `  ${NAME[OrderStatus.Reject]} --> [*]`,
    '```',
    '',
    `The application's steps come in the contract's order (\`INCOMPLETE_STATUSES\` in \`shared/src/contract/status.ts\`,`,
    'which the app reads too); a step already done is skipped.',
    '',
  ].join('\n');
}
