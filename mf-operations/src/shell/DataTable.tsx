/**
 * The console's one table: every screen's list of rows is this, so its layout rules live here once. It fits a
 * 1024 px tablet beside the navigation: headers wrap between words only (never mid-word), long codes (references,
 * order numbers, hashes, JSON) may break anywhere, figures and badges never break; only what still cannot fit
 * scrolls, inside the table's own box, never the page. Logical properties throughout (Urdu is right-to-left).
 */
import { Fragment, type ReactNode } from 'react';

export interface Column<T> {
  /** unique within the table */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /**
   * how the cell's content breaks: `text` between words (the default); `code` anywhere (a reference, an order
   * number, JSON: one long word); `figure` never (an amount, a count)
   */
  kind?: 'text' | 'code' | 'figure';
  /** a fixed width (any CSS length); with any set, the table lays out by these widths alone (`table-layout: fixed`) */
  width?: string;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  below,
}: {
  /** for screen readers (the screen's heading says it already) */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** a row's full-width extra line (a decision form under it), or null */
  below?: (row: T) => ReactNode;
}) {
  const fixed = columns.some((c) => c.width);
  return (
    <div className="ops-table-box">
      <table className={fixed ? 'ops-table ops-table-fixed' : 'ops-table'}>
        <caption className="ops-visually-hidden">{caption}</caption>
        {fixed && (
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const extra = below?.(r);
            return (
              <Fragment key={rowKey(r)}>
                <tr>
                  {columns.map((c) => (
                    <td key={c.key} className={c.kind && c.kind !== 'text' ? `ops-cell-${c.kind}` : undefined}>
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
                {extra != null && extra !== false && (
                  <tr>
                    <td colSpan={columns.length}>{extra}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
