import { Body1, Checkbox, Spinner, Subtitle2 } from '@fluentui/react-components';
import { SETTINGS_AREAS, type SettingsArea, type WidgetItem } from '../../../../shared/cockpit/widgets';
import { cockpitPaths, type Widget } from '../../../../shared/contract/cockpit';
import { refreshApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { chooseItems, orderItems, useItems, useWidgets } from '../api';
import { useCockpitStyles } from '../components/cockpit.styles';
import { itemName, widgetName } from '../components/names';
import { OrderedList } from '../components/ordered-list';

/** One widget's figures: which it shows (ticked) and in which order. */
function WidgetItems({ widget }: { widget: Widget }) {
  const styles = useCockpitStyles();
  const t = useLabel();
  const items = useItems(widget.id);
  const { run, pending, failure } = useSubmit();
  const choices = items.data?.data ?? [];
  const chosen = choices.filter((item) => item.is_active).map((item) => item.id);
  const headingId = `cockpit-items-${widget.id}`;

  const change = (action: () => Promise<unknown>) =>
    void run(async () => {
      await action();
      await items.mutate();
      await refreshApi(cockpitPaths.widgets);
    });
  const toggle = (item: WidgetItem, on: boolean) =>
    change(() => chooseItems(widget.id, on ? [...chosen, item] : chosen.filter((each) => each !== item)));

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={pending}>
      <Subtitle2 as="h2" id={headingId}>
        {widgetName(t, widget.type)}
      </Subtitle2>
      <ErrorText message={failure ?? items.error?.message} />
      {!items.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <>
          <div className={styles.choices} role="group" aria-labelledby={headingId}>
            {choices.map((item) => (
              <Checkbox
                key={item.id}
                label={itemName(t, item.id)}
                checked={item.is_active}
                disabled={pending}
                onChange={(_event, data) => toggle(item.id, data.checked === true)}
              />
            ))}
          </div>
          {chosen.length > 1 && (
            <OrderedList
              label={t('cockpit.items-order', 'Order of the figures of {name}', {
                name: widgetName(t, widget.type),
              })}
              busy={pending}
              entries={chosen.map((item) => ({ key: item, name: itemName(t, item) }))}
              onOrder={(keys) => change(() => orderItems(widget.id, keys))}
            />
          )}
          {pending && <Spinner size="tiny" label={t('cockpit.saving', 'Saving…')} />}
        </>
      )}
    </section>
  );
}

/** spec §2 /cockpit/settings/{area}: the figures of the area's widgets. */
function AreaItems({ area }: { area: SettingsArea }) {
  const styles = useCockpitStyles();
  const t = useLabel();
  const widgets = useWidgets();
  if (!widgets.data)
    return widgets.error ? (
      <ErrorText message={widgets.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  const types: readonly string[] = SETTINGS_AREAS[area];
  const mine = widgets.data.data.filter((widget) => types.includes(widget.type));
  return (
    <div className={styles.page}>
      {mine.length === 0 ? (
        <Body1>{t('cockpit.no-widget-here', 'Your permissions give you none of these widgets.')}</Body1>
      ) : (
        mine.map((widget) => <WidgetItems key={widget.id} widget={widget} />)
      )}
    </div>
  );
}

export const BookingItemsScreen = () => <AreaItems area="bookings" />;
export const VisitorItemsScreen = () => <AreaItems area="visitor-management" />;
