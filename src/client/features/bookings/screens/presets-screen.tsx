import { Badge, Body1, Button, Subtitle2 } from '@fluentui/react-components';
import { ArrowDown20Regular, ArrowUp20Regular } from '@fluentui/react-icons';
import { mergeClasses } from '@fluentui/react-components';
import { useState } from 'react';
import type { BookingPreset } from '../../../../shared/contract/bookings';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { presetActions, usePresets } from '../api';
import { useBookingsStyles } from '../bookings.styles';
import { movedOrder } from '../preset-order';

/**
 * spec §2 /bookings/presets: the user's presets in their order, each activated or deactivated and
 * moved up or down (spec §4: presets can be activated, deactivated, reordered); add and edit.
 */
export default function PresetsScreen() {
  const styles = useBookingsStyles();
  const t = useLabel();
  const presets = usePresets();
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const act = async (work: () => Promise<unknown>) => {
    setFailure(null);
    setWorking(true);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      // Refused too: the list is read again (a preset deleted elsewhere leaves it, and the next
      // move does not send it again).
      await presets.mutate().catch(() => undefined);
      setWorking(false);
    }
  };

  if (presets.error) return <ErrorText message={errorMessage(presets.error)} />;
  if (!presets.data) return <Loader label={t('bookings.presets.loading', 'Loading the presets…')} />;
  const list = presets.data.data;
  const move = (preset: BookingPreset, by: -1 | 1) =>
    void act(() => presetActions.reorder(movedOrder(list, preset.id, by)));

  return (
    <section className={styles.page} aria-labelledby="presets-title" aria-busy={working || undefined}>
      <div className={styles.toolbar}>
        <Subtitle2 as="h2" id="presets-title">
          {t('bookings.presets.title', 'Presets')}
        </Subtitle2>
        <span className={styles.grow} />
        <AppLink to={href('r_bookings-presets-add')}>{t('bookings.presets.add', 'Add preset')}</AppLink>
      </div>
      <ErrorText message={failure} />
      {list.length === 0 ? (
        <Body1>{t('bookings.presets.empty', 'No presets yet: add one to see its bookings.')}</Body1>
      ) : (
        <ol className={styles.presets}>
          {list.map((preset, index) => (
            <li key={preset.id} className={mergeClasses(styles.preset, !preset.is_active && styles.inactive)}>
              <Body1 className={styles.grow}>{preset.name}</Body1>
              <Badge appearance="tint" color={preset.is_active ? 'success' : 'informative'}>
                {preset.is_active
                  ? t('bookings.presets.active', 'Active')
                  : t('bookings.presets.inactive', 'Inactive')}
              </Badge>
              <AppLink
                to={href('r_bookings-presets-edit', { id: preset.id })}
                aria-label={t('bookings.presets.edit-named', 'Edit {name}', { name: preset.name })}
              >
                {t('bookings.presets.edit', 'Edit')}
              </AppLink>
              <Button
                size="small"
                disabledFocusable={working}
                aria-label={
                  preset.is_active
                    ? t('bookings.presets.deactivate-named', 'Deactivate {name}', { name: preset.name })
                    : t('bookings.presets.activate-named', 'Activate {name}', { name: preset.name })
                }
                onClick={() => void act(() => presetActions.setActive(preset.id, !preset.is_active))}
              >
                {preset.is_active
                  ? t('bookings.presets.deactivate', 'Deactivate')
                  : t('bookings.presets.activate', 'Activate')}
              </Button>
              <Button
                size="small"
                icon={<ArrowUp20Regular />}
                disabledFocusable={working || index === 0}
                aria-label={t('bookings.presets.up', 'Move {name} up', { name: preset.name })}
                onClick={() => move(preset, -1)}
              />
              <Button
                size="small"
                icon={<ArrowDown20Regular />}
                disabledFocusable={working || index === list.length - 1}
                aria-label={t('bookings.presets.down', 'Move {name} down', { name: preset.name })}
                onClick={() => move(preset, 1)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
