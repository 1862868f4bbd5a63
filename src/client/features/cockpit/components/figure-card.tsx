import { Spinner, Text } from '@fluentui/react-components';
import type { WidgetItem } from '../../../../shared/cockpit/widgets';
import type { FigureRow } from '../../../../shared/contract/cockpit';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { useFigure } from '../api';
import { useCockpitStyles } from './cockpit.styles';
import { figureLinks } from './figure-links';
import { itemName, statusName } from './names';

/** A value as the reports show it: a share with ' %', a count as it is, '–' for nothing measured. */
const shown = (value: number | null, unit: 'percent' | 'count') =>
  value === null ? '–' : unit === 'percent' ? `${value} %` : String(value);

function Linked({ to, children, label }: { to: string | null; children: string; label?: string }) {
  return to ? (
    <AppLink to={to} aria-label={label}>
      {children}
    </AppLink>
  ) : (
    <Text aria-label={label}>{children}</Text>
  );
}

/** One item of a widget: its figure, split by place (or desk, or status), each part a link. */
export function FigureCard({ widgetId, item }: { widgetId: number; item: WidgetItem }) {
  const styles = useCockpitStyles();
  const t = useLabel();
  const permissions = useInitialData()?.general_permissions ?? [];
  const figure = useFigure(widgetId, item);
  const name = itemName(t, item);
  const headingId = `cockpit-${widgetId}-${item}`;
  const links = figureLinks(item, permissions);
  const data = figure.data;
  const rowName = (row: Pick<FigureRow, 'name'>) =>
    item === 'open_orders' ? statusName(t, row.name) : row.name;
  return (
    <section className={styles.figure} aria-labelledby={headingId} aria-busy={figure.isLoading}>
      <Text id={headingId} weight="semibold">
        {name}
      </Text>
      {!data && figure.isLoading && <Spinner size="tiny" label={t('general.loading', 'Loading…')} />}
      <ErrorText message={figure.error?.message} />
      {data && (
        <>
          <span className={styles.value} data-testid={`figure-${item}`}>
            <Linked to={links.whole} label={`${name}: ${shown(data.value, data.unit)}`}>
              {shown(data.value, data.unit)}
            </Linked>
          </span>
          {data.rows.length > 0 && (
            <ul className={styles.rows} aria-label={t('cockpit.breakdown', '{name} by place', { name })}>
              {data.rows.map((row) => (
                <li key={row.id}>
                  <div className={styles.row}>
                    <Text>{rowName(row)}</Text>
                    <Linked to={links.row(row.id)} label={`${rowName(row)}: ${shown(row.value, data.unit)}`}>
                      {shown(row.value, data.unit)}
                    </Linked>
                  </div>
                  {row.rows && row.rows.length > 0 && (
                    <ul className={styles.floors}>
                      {row.rows.map((floor) => (
                        <li key={floor.id} className={styles.row}>
                          <Text>{floor.name}</Text>
                          <Linked
                            to={links.row(floor.id)}
                            label={`${floor.name}: ${shown(floor.value, data.unit)}`}
                          >
                            {shown(floor.value, data.unit)}
                          </Linked>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
