import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useReportStyles } from './reports.styles';

export interface Column<T> {
  key: string;
  header: string;
  value: (row: T) => string | number;
}

/** A figure's rows as a plain table: what every chart also shows, for screen readers and keyboards. */
export function DataTable<T>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
}) {
  const styles = useReportStyles();
  return (
    // A table wider than a phone scrolls sideways: the region takes focus so keys can scroll it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.key}>{column.header}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {columns.map((column) => (
                <TableCell key={column.key}>{column.value(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
