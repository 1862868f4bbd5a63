import { Body1, Caption1, Field, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { mapImagePath } from '../../../../shared/contract/maps';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FloorPlan, type FloorPlanItem } from '../../../ui/floor-plan';
import { Loader } from '../../../ui/loader';
import { useEverySoOften } from '../../real-time/use-every-so-often';
import { useCleanResources } from '../api';
import { CleanRuleNotice } from '../clean-rule-notice';
import { useCleanStyles } from '../clean.styles';
import { useMarkCleaned } from '../use-mark-cleaned';
import { tokens } from '@fluentui/react-components';
import { Broom20Regular } from '@fluentui/react-icons';

/**
 * spec §2 /clean map: the floor maps with a marker per resource awaiting cleaning; touching a marker,
 * or focusing it and pressing Enter, marks it cleaned, and it leaves the map.
 */
export default function CleanMapScreen() {
  const styles = useCleanStyles();
  const t = useLabel();
  const resources = useCleanResources();
  useEverySoOften(() => void resources.mutate());
  const { mark, pending, failure, done } = useMarkCleaned(() => resources.mutate());
  const [chosen, setChosen] = useState<number | null>(null);
  const maps = resources.data?.maps ?? [];
  const map = maps.find((candidate) => candidate.id === chosen) ?? maps[0] ?? null;

  const rows = resources.data?.data;
  const items = useMemo<FloorPlanItem[]>(
    () =>
      (rows ?? [])
        .filter((row) => map && row.map_id === map.id && row.map_x !== null && row.map_y !== null)
        .map((row) => ({
          id: row.id,
          name: row.name,
          x: row.map_x,
          y: row.map_y,
          face: <Broom20Regular aria-hidden="true" />,
          heat: {
            background: tokens.colorPaletteMarigoldBackground3,
            ink: tokens.colorNeutralForeground1,
            text: t('clean.marker', 'awaits cleaning, select to mark it cleaned'),
          },
        })),
    [rows, map, t],
  );

  if (resources.error) return <ErrorText message={errorMessage(resources.error)} />;
  if (!resources.data || !rows) return <Loader label={t('general.loading', 'Loading…')} />;
  const elsewhere = rows.filter((row) => !map || row.map_id !== map.id || row.map_x === null).length;
  return (
    <div className={styles.page}>
      <CleanRuleNotice on={resources.data.clean_before_booking} />
      <ErrorText message={failure} />
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      {!map ? (
        <Body1 role="status">{t('clean.no-map', 'Nothing awaiting cleaning is on a floor map.')}</Body1>
      ) : (
        <>
          {maps.length > 1 && (
            <Field label={t('clean.choose-map', 'Floor map')}>
              <Select value={String(map.id)} onChange={(_event, data) => setChosen(Number(data.value))}>
                {maps.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Caption1 className={styles.detail}>
            {t('clean.map-hint', 'Select a marker (touch, click, or Enter) to mark it cleaned.')}
          </Caption1>
          {pending !== null && <Loader label={t('clean.marking', 'Saving…')} />}
          <FloorPlan
            imagePath={mapImagePath(map.id)}
            width={map.width}
            height={map.height}
            items={items}
            label={t('clean.map-label', 'Floor plan of {name}', { name: map.name })}
            markerSize="large"
            onSelect={(id) => {
              const row = rows.find((candidate) => candidate.id === id);
              if (row && pending === null) void mark(row);
            }}
          />
          {items.length === 0 && (
            <Body1 role="status">{t('clean.map-clear', 'Nothing on this map awaits cleaning.')}</Body1>
          )}
        </>
      )}
      {elsewhere > 0 && (
        <Caption1 className={styles.detail}>
          {t('clean.elsewhere', '{count} more awaiting cleaning are not on this map: see the list.', {
            count: elsewhere,
          })}
        </Caption1>
      )}
    </div>
  );
}
