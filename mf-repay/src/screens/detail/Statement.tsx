/** The loan's statement: every money event from the payout on (the server's ledger), and the file to download. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, toast, useRequest } from 'shared';
import { Button, DateText, ErrorState, Ltr, Money, Skeleton, formatMoney } from 'shared/ui';
import { STATEMENT_AMOUNTS, amountLabel, statementCsv, statementFileName } from '../../features/statement';
import { saveTextFile } from '../../features/saveFile';
import type { StatementLine } from '../../features/types';

/** the latest lines shown before "show all": a loan's daily accruals make a long list */
const SHOWN = 6;
/** accounts whose figure is a change of what is owed (signed); the others are money moved (never negative) */
const SIGNED = new Set<string>(['principal', 'interest', 'penalty', 'fee', 'coupon']);

function Amounts({ line }: { line: StatementLine }) {
  const { t } = useTranslation('repay');
  const parts = STATEMENT_AMOUNTS.filter((a) => line[a] !== 0).map((a) => {
    const v = line[a];
    const sign = SIGNED.has(a) ? (v > 0 ? '+ ' : '− ') : '';
    return (
      <span key={a} className="repay-statement__amount">
        {t(amountLabel(line, a))} <Ltr>{`${sign}${formatMoney(Math.abs(v))}`}</Ltr>
      </span>
    );
  });
  return <span className="repay-muted repay-statement__amounts">{parts}</span>;
}

export function Statement({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('repay');
  const s = useRequest(endpoints.repaymentStatement, { orderNo });
  const [all, setAll] = useState(false);
  const [saving, setSaving] = useState(false);

  async function download() {
    if (!s.data) return;
    setSaving(true);
    try {
      const r = await saveTextFile(statementFileName(orderNo), statementCsv(s.data, t), 'text/csv');
      if (r !== 'cancelled') toast(t(r === 'shared' ? 'statement.shared' : 'statement.downloaded'), 'success');
    } catch {
      toast(t('statement.saveFailed'), 'error');
    } finally {
      setSaving(false);
    }
  }

  let body: React.ReactNode;
  if (s.error) body = <ErrorState error={s.error} onRetry={s.reload} />;
  else if (!s.data) body = <Skeleton lines={3} />;
  else if (s.data.lines.length === 0) body = <p className="repay-muted">{t('statement.empty')}</p>;
  else {
    const lines = all ? s.data.lines : s.data.lines.slice(-SHOWN);
    body = (
      <>
        <p className="repay-muted">{t('statement.intro')}</p>
        <ul className="list" data-testid="repay-statement">
          {lines.map((l, i) => (
            <li key={`${l.at}-${l.event}-${i}`} className="list__item repay-row">
              <div className="repay-row__main">
                <span>{t(`statement.events.${l.event}`)}</span>
                <span className="repay-muted">
                  <DateText value={l.at} />
                </span>
                <Amounts line={l} />
              </div>
              <div className="repay-row__end">
                <span className="repay-muted">{t('statement.balance')}</span>
                <strong>
                  <Money amount={l.balance} />
                </strong>
              </div>
            </li>
          ))}
        </ul>
        {!all && s.data.lines.length > SHOWN ? (
          <Button variant="secondary" onClick={() => setAll(true)} data-testid="repay-statement-all">
            {t('statement.showAll', { count: s.data.lines.length })}
          </Button>
        ) : null}
        <Button variant="secondary" block busy={saving} onClick={() => void download()} data-testid="repay-statement-download">
          {t('statement.download')}
        </Button>
      </>
    );
  }
  return (
    <section aria-labelledby="repay-statement-title">
      <h2 className="repay-section-title" id="repay-statement-title">
        {t('statement.title')}
      </h2>
      {body}
    </section>
  );
}
