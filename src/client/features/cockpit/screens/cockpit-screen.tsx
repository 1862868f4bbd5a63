import { Body1, Subtitle2 } from '@fluentui/react-components';
import { useSWRConfig } from 'swr';
import { useLabel } from '../../../i18n/i18n';
import { apiKeysWhere, useRefetchOnEvent } from '../../../realtime';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { isFigurePath, useWidgets } from '../api';
import { useCockpitStyles } from '../components/cockpit.styles';
import { FigureCard } from '../components/figure-card';
import { widgetName } from '../components/names';

/**
 * spec §4 realtime events: a booking, a check-in, a visitor's arrival or an order moving on reads
 * every figure on screen again, once per burst of events, and once the socket is back after a drop.
 */
function useLiveFigures(): void {
  const { mutate } = useSWRConfig();
  const refresh = () => void mutate(apiKeysWhere((path) => isFigurePath(path)));
  useRefetchOnEvent('declaration_changed', refresh);
  useRefetchOnEvent('reception_desk_visitor_changed', refresh);
  useRefetchOnEvent('service_orders_changed', refresh);
}

/** spec §2 /cockpit (COCKPIT): the viewer's active widgets, in their order, with live figures. */
export default function CockpitScreen() {
  const styles = useCockpitStyles();
  const t = useLabel();
  const widgets = useWidgets();
  useLiveFigures();
  const active = (widgets.data?.data ?? []).filter((widget) => widget.is_active);
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <AppLink to={href('r_cockpit-settings')}>{t('cockpit.arrange', 'Arrange the cockpit')}</AppLink>
      </div>
      <ErrorText message={widgets.error?.message} />
      {!widgets.data && !widgets.error && <Loader label={t('general.loading', 'Loading…')} />}
      {widgets.data && active.length === 0 && (
        <Body1>
          {t('cockpit.empty', 'Your cockpit shows no widget yet: add one under “Arrange the cockpit”.')}
        </Body1>
      )}
      <div className={styles.widgets}>
        {active.map((widget) => (
          <section
            key={widget.id}
            className={styles.widget}
            aria-labelledby={`cockpit-widget-${widget.id}`}
            data-testid={`widget-${widget.type}`}
          >
            <Subtitle2 as="h2" id={`cockpit-widget-${widget.id}`}>
              {widgetName(t, widget.type)}
            </Subtitle2>
            {widget.items.length === 0 ? (
              <Body1 className={styles.muted}>
                {t('cockpit.no-items', 'No figure chosen for this widget.')}
              </Body1>
            ) : (
              widget.items.map((item) => <FigureCard key={item.id} widgetId={widget.id} item={item.id} />)
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
