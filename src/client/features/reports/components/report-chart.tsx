import { Subtitle2 } from '@fluentui/react-components';
import { LineChart, VerticalBarChart } from '@fluentui/react-charts';
import { useId } from 'react';
import { DataTable, type Column } from './data-table';
import { useReportStyles } from './reports.styles';

export interface ChartSeries {
  legend: string;
  color: string;
  values: readonly number[];
}

/**
 * A chart of percentages over named points (bars for one series, lines for two), drawn with
 * @fluentui/react-charts, and always the same figures as a table beneath it: the accessible
 * alternative the issue asks of every chart, and the only one the keyboard reaches (see below).
 */
export function ReportChart({
  title,
  keys,
  series,
  tableColumns,
}: {
  title: string;
  keys: readonly string[];
  series: readonly ChartSeries[];
  tableColumns?: Column<number>[];
}) {
  const styles = useReportStyles();
  const titleId = useId();
  const columns: Column<number>[] = tableColumns ?? [
    { key: 'key', header: '', value: (index) => keys[index] ?? '' },
    ...series.map((entry) => ({
      key: entry.legend,
      header: entry.legend,
      value: (index: number) => `${entry.values[index] ?? 0} %`,
    })),
  ];
  const dates = keys.every((key) => /^\d{4}-\d{2}(-\d{2})?( \d{2}:00)?$/.test(key));
  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <Subtitle2 as="h2" id={titleId}>
        {title}
      </Subtitle2>
      {keys.length > 0 && (
        // The chart is a picture of the table below it, which is what the keyboard and screen
        // readers use: the chart library's focus groups add focusable aria-hidden elements (Tabster's
        // dummy inputs) that axe rightly refuses, so the chart is inert.
        <div className={styles.chart} inert>
          {series.length > 1 && dates ? (
            <LineChart
              height={260}
              yMinValue={0}
              yMaxValue={100}
              data={{
                chartTitle: title,
                lineChartData: series.map((entry) => ({
                  legend: entry.legend,
                  color: entry.color,
                  data: keys.map((key, index) => ({
                    x: new Date(key.replace(' ', 'T').padEnd(10, '-01')),
                    y: entry.values[index] ?? 0,
                  })),
                })),
              }}
            />
          ) : (
            <VerticalBarChart
              height={260}
              chartTitle={title}
              yMaxValue={100}
              hideLegend
              data={keys.map((key, index) => ({
                x: key,
                y: series[0]?.values[index] ?? 0,
                color: series[0]?.color,
                legend: series[0]?.legend,
              }))}
            />
          )}
        </div>
      )}
      <DataTable label={title} columns={columns} rows={keys.map((_key, index) => index)} />
    </figure>
  );
}
