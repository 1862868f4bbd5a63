import { Caption1, Switch } from '@fluentui/react-components';
import { errorMessage } from '../../api/errors';
import { useLabel } from '../../i18n/i18n';
import { ErrorText } from '../../ui/error-text';
import { useSubmit } from '../../ui/use-submit';
import { setVisibility, useVisibility } from './api';

/**
 * The profile's switch (issue 46): whether colleagues find me with find-person. Until the person
 * chooses, the company's FIND_PERSON_VISIBLE preference decides, and the switch says so.
 */
export function FindPersonPrivacy() {
  const t = useLabel();
  const visibility = useVisibility();
  const { pending, failure, run } = useSubmit();
  if (visibility.error) return <ErrorText message={errorMessage(visibility.error)} />;
  if (!visibility.data) return null;
  const { own, visible } = visibility.data;
  return (
    <div>
      <Switch
        id="find-person-privacy"
        label={t('one-click.privacy-switch', 'Colleagues can find where I sit')}
        checked={visible}
        disabled={pending}
        onChange={(_event, data) =>
          void run(async () => visibility.mutate(await setVisibility(data.checked), { revalidate: false }))
        }
      />
      {own === null && (
        <Caption1 block>
          {t('one-click.privacy-default', 'Your company’s setting, until you choose.')}
        </Caption1>
      )}
      <ErrorText message={failure} />
    </div>
  );
}
