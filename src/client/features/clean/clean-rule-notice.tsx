import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useLabel } from '../../i18n/i18n';

/** Says whether a used resource can be booked before it is cleaned (the company's CleanBeforeBooking). */
export function CleanRuleNotice({ on }: { on: boolean }) {
  const t = useLabel();
  return (
    <MessageBar intent={on ? 'warning' : 'info'}>
      <MessageBarBody>
        {on
          ? t('clean.rule-on', 'These resources cannot be booked until they are marked cleaned.')
          : t(
              'clean.rule-off',
              'These resources can be booked meanwhile: cleaning is recorded for the team.',
            )}
      </MessageBarBody>
    </MessageBar>
  );
}
