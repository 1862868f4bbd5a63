import { Body1, Button, Spinner, Subtitle2 } from '@fluentui/react-components';
import { Add16Regular, Dismiss16Regular } from '@fluentui/react-icons';
import { refreshApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { cockpitPaths } from '../../../../shared/contract/cockpit';
import { activateWidget, orderWidgets, useWidgets } from '../api';
import { useCockpitStyles } from '../components/cockpit.styles';
import { widgetName } from '../components/names';
import { OrderedList } from '../components/ordered-list';

/**
 * spec §2 /cockpit/settings: the widgets on the cockpit in their order (moved by keyboard or
 * pointer, taken off), the widgets that can be added, and the two sub-screens choosing the figures.
 */
export default function CockpitSettingsScreen() {
  const styles = useCockpitStyles();
  const t = useLabel();
  const widgets = useWidgets();
  const { run, pending, failure } = useSubmit();
  const all = widgets.data?.data ?? [];
  const shown = all.filter((widget) => widget.is_active);
  const addable = all.filter((widget) => !widget.is_active);

  const change = (action: () => Promise<unknown>) =>
    void run(async () => {
      await action();
      await widgets.mutate();
      await refreshApi(cockpitPaths.widgets);
    });

  if (!widgets.data)
    return widgets.error ? (
      <ErrorText message={widgets.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  return (
    <div className={styles.page}>
      <ErrorText message={failure} />
      <section className={styles.section} aria-labelledby="cockpit-shown">
        <Subtitle2 as="h2" id="cockpit-shown">
          {t('cockpit.shown', 'On the cockpit')}
        </Subtitle2>
        {shown.length === 0 ? (
          <Body1>{t('cockpit.none-shown', 'No widget yet.')}</Body1>
        ) : (
          <OrderedList
            label={t('cockpit.shown', 'On the cockpit')}
            busy={pending}
            entries={shown.map((widget) => ({ key: String(widget.id), name: widgetName(t, widget.type) }))}
            onOrder={(keys) => change(() => orderWidgets(keys.map(Number)))}
            actions={(entry) => (
              <Button
                size="small"
                icon={<Dismiss16Regular />}
                disabled={pending}
                onClick={() => change(() => activateWidget(Number(entry.key), false))}
              >
                {t('cockpit.remove', 'Remove {name}', { name: entry.name })}
              </Button>
            )}
          />
        )}
      </section>
      <section className={styles.section} aria-labelledby="cockpit-addable">
        <Subtitle2 as="h2" id="cockpit-addable">
          {t('cockpit.addable', 'Add a widget')}
        </Subtitle2>
        {addable.length === 0 ? (
          <Body1>{t('cockpit.none-addable', 'Every widget you may use is on the cockpit.')}</Body1>
        ) : (
          <ul className={styles.rows}>
            {addable.map((widget) => (
              <li key={widget.id}>
                <Button
                  icon={<Add16Regular />}
                  disabled={pending}
                  onClick={() => change(() => activateWidget(widget.id, true))}
                >
                  {t('cockpit.add', 'Add {name}', { name: widgetName(t, widget.type) })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {pending && <Spinner size="tiny" label={t('cockpit.saving', 'Saving…')} />}
      <section className={styles.section} aria-labelledby="cockpit-figures">
        <Subtitle2 as="h2" id="cockpit-figures">
          {t('cockpit.figures', 'Figures')}
        </Subtitle2>
        <ul className={styles.rows}>
          <li>
            <AppLink to={href('r_cockpit-settings-bookings')}>
              {t('cockpit.settings-bookings', 'Booking figures')}
            </AppLink>
          </li>
          <li>
            <AppLink to={href('r_cockpit-settings-visitor-management')}>
              {t('cockpit.settings-visitors', 'Visitor figures')}
            </AppLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
