import { Button, Caption1 } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { ReportPayloadInput, TechnicalRow } from '../../../../shared/contract/reports';
import { mergeClasses } from '@fluentui/react-components';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { fetchCalculationPage } from '../api';
import { useReportStyles } from './reports.styles';

const ROW_HEIGHT = 40;
/** spec §9: report calculate pages of 100, fetched on while below page 3; more on demand. */
const AUTO_PAGES = 3;

/**
 * The technical list: every booking of the filters, drawn as a virtualised grid (only the rows in
 * view are in the document), loaded 100 at a time.
 */
export function TechnicalTable({ payload }: { payload: ReportPayloadInput }) {
  const styles = useReportStyles();
  const t = useLabel();
  const when = useWhen();
  const [rows, setRows] = useState<TechnicalRow[]>([]);
  const [meta, setMeta] = useState<{ page: number; last: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(payload);

  const load = async (page: number, reset: boolean) => {
    setLoading(true);
    try {
      const answer = await fetchCalculationPage(payload, page);
      setRows((current) => (reset ? (answer.rows ?? []) : [...current, ...(answer.rows ?? [])]));
      setMeta({ page, last: answer.meta?.last_page ?? 1, total: answer.meta?.total ?? 0 });
      setFailure(null);
      if (page < AUTO_PAGES && page < (answer.meta?.last_page ?? 1)) await load(page + 1, false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    void load(1, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the payload's JSON is the key
  }, [key]);

  // eslint-disable-next-line react-hooks/incompatible-library -- as the booking grid: rows are drawn from its live state
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const headers = [
    t('reports.column.resource', 'Resource'),
    t('reports.column.level', 'Level'),
    t('reports.column.host', 'Host'),
    t('reports.column.time', 'Time'),
    t('reports.column.status', 'Status'),
  ];

  return (
    <div className={styles.section}>
      <Caption1 role="status">
        {meta
          ? t('reports.rows-shown', '{shown} of {total} bookings', { shown: rows.length, total: meta.total })
          : ''}
      </Caption1>
      <div
        ref={scroller}
        className={styles.virtual}
        role="table"
        aria-label={t('reports.technical-list', 'Technical list')}
        aria-rowcount={(meta?.total ?? rows.length) + 1}
        // a scrolled area the keyboard must reach to scroll it (axe: scrollable-region-focusable)
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            className={mergeClasses(styles.virtualRow, styles.headerRow)}
            style={{ height: ROW_HEIGHT }}
          >
            {headers.map((header) => (
              <span role="columnheader" key={header}>
                {header}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                role="row"
                aria-rowindex={item.index + 2}
                key={row.id}
                className={styles.virtualRow}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <span role="cell">{row.resource}</span>
                <span role="cell">{row.level}</span>
                <span role="cell">{row.host}</span>
                <span role="cell">{when.dateTimeRange(row.starts_at, row.ends_at)}</span>
                <span role="cell">{t(`reports.status.${row.status}`, row.status)}</span>
              </div>
            );
          })}
        </div>
      </div>
      <ErrorText message={failure} />
      {meta && meta.page < meta.last && (
        <Button disabled={loading} onClick={() => void load(meta.page + 1, false)}>
          {t('reports.load-more', 'Load more')}
        </Button>
      )}
    </div>
  );
}
