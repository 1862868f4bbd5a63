import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useLabel } from '../../../i18n/i18n';
import { dismissNotice } from '../pane-notices';
import { usePane } from '../pane-state';

/** What the pane last told the user (also in Outlook's info bar where it matters). */
export function PaneNotice() {
  const { notice } = usePane();
  const t = useLabel();
  if (!notice) return null;
  return (
    <MessageBar
      intent={notice.intent}
      role={notice.intent === 'error' ? 'alert' : 'status'}
      data-testid="pane-notice"
    >
      <MessageBarBody>{notice.text}</MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            icon={<DismissRegular />}
            aria-label={t('outlook.dismiss', 'Dismiss')}
            onClick={() => void dismissNotice()}
          />
        }
      />
    </MessageBar>
  );
}
