import { Body1, Caption1, Dropdown, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { mapImagePath, mapsPath, type FloorMap } from '../../../../shared/contract/maps';
import { payloadOf } from '../../../../shared/reports/filters';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FloorPlan } from '../../../ui/floor-plan';
import { Loader } from '../../../ui/loader';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { useCalculation } from '../api';
import { DataTable } from '../components/data-table';
import { useReportStyles } from '../components/reports.styles';
import { useReportFilters } from '../filter-store';
import { heatOf } from '../heat';
import { useCurrentReport } from '../use-report';

/**
 * spec §2 a report's map: each resource's booked occupancy over the report's filters, drawn on its
 * floor plan in the occupancy colours of the preferences (low, average, high), with the same
 * figures as a table.
 */
export default function ReportMapScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const report = useCurrentReport();
  const [filters] = useReportFilters(report.section);
  const { preferences } = useBookingPreferences();
  // the map shows occupancy whatever the report: the dashboard's figures of the same filters
  const result = useCalculation(filters ? payloadOf(filters, 'dashboard') : null);
  const rows = result.data?.by_resource ?? [];
  const plans = [
    ...new Map(
      rows.filter((row) => row.map_id !== null).map((row) => [row.map_id!, row.level_name]),
    ).entries(),
  ];
  const [chosen, setChosen] = useState<number | null>(null);
  const mapId = chosen ?? plans[0]?.[0] ?? null;
  const floorMap = useApi<FloorMap>(mapId === null ? null : `${mapsPath}/${mapId}`);
  if (result.error) return <ErrorText message={result.error.message} />;
  if (!result.data || !preferences) return <Loader label={t('reports.loading', 'Calculating…')} />;
  const shown = rows.filter((row) => row.map_id === mapId);
  const bands = {
    low: t('plan.band.low', 'Low occupancy'),
    average: t('plan.band.average', 'Average occupancy'),
    high: t('plan.band.high', 'High occupancy'),
  };

  return (
    <div className={styles.page}>
      {plans.length === 0 ? (
        <Body1 role="status">{t('reports.no-map', 'No floor plan shows these resources.')}</Body1>
      ) : (
        <>
          <Field label={t('reports.map-level', 'Floor plan')}>
            <Dropdown
              value={plans.find(([id]) => id === mapId)?.[1] ?? ''}
              selectedOptions={mapId === null ? [] : [String(mapId)]}
              onOptionSelect={(_event, data) => setChosen(Number(data.optionValue))}
            >
              {plans.map(([id, name]) => (
                <Option key={id} value={String(id)}>
                  {name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <ul
            className={styles.row}
            aria-label={t('plan.map.legend', 'Legend')}
            style={{ listStyleType: 'none', padding: 0, margin: 0 }}
          >
            {(['low', 'average', 'high'] as const).map((band) => (
              <li key={band} className={styles.listItem}>
                <span
                  aria-hidden
                  className={styles.swatch}
                  style={{ backgroundColor: preferences.colors[band] }}
                />
                <Caption1>{bands[band]}</Caption1>
              </li>
            ))}
          </ul>
          {floorMap.error && <ErrorText message={floorMap.error.message} />}
          {floorMap.data ? (
            <FloorPlan
              imagePath={mapImagePath(mapId!)}
              width={floorMap.data.width}
              height={floorMap.data.height}
              label={t('reports.heat-map', 'Occupancy heat map of {level}', {
                level: plans.find(([id]) => id === mapId)?.[1] ?? '',
              })}
              items={shown.map((row) => {
                const heat = heatOf(row.booked_pct, preferences);
                return {
                  id: row.id,
                  name: row.name,
                  x: row.map_x,
                  y: row.map_y,
                  heat: {
                    background: heat.background,
                    ink: heat.ink,
                    text: t('reports.heat-text', '{pct} % booked, {band}', {
                      pct: row.booked_pct,
                      band: bands[heat.band],
                    }),
                  },
                };
              })}
            />
          ) : (
            !floorMap.error && <Loader label={t('general.loading', 'Loading…')} />
          )}
        </>
      )}
      <DataTable
        label={t('reports.by-resource', 'By resource')}
        rows={mapId === null ? rows : shown}
        columns={[
          { key: 'name', header: t('reports.column.resource', 'Resource'), value: (row) => row.name },
          { key: 'level', header: t('reports.column.level', 'Level'), value: (row) => row.level_name },
          { key: 'booked', header: t('reports.booked', 'Booked'), value: (row) => `${row.booked_pct} %` },
          {
            key: 'used',
            header: t('reports.real-use', 'Real use (checked in)'),
            value: (row) => `${row.used_pct} %`,
          },
        ]}
      />
    </div>
  );
}
