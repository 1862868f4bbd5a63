import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { mailboxUser } from '../../../office/office-sign-in';
import { useInitialData } from '../../../session/hooks';
import { logout } from '../../../session/session';

/**
 * Bookings made in the pane are the Workplace user's, for the meeting of the mailbox the pane runs
 * in: they must be the same person (issue 41). Where Outlook names the mailbox's user and it is not
 * the signed-in Workplace user, the pane says so and offers to sign out instead of its screens.
 */
export function SameUserAsMailbox({ children }: { children: ReactNode }) {
  const t = useLabel();
  // A session's answer without an address (older servers' answers) is not checked.
  const user =
    ((useInitialData()?.user as { email?: string } | undefined)?.email ?? '').toLowerCase() || null;
  const mailbox = mailboxUser();
  if (!user || !mailbox || user === mailbox) return <>{children}</>;
  return (
    <MessageBar intent="warning" role="alert" layout="multiline">
      <MessageBarBody>
        {t(
          'outlook.mailbox-mismatch',
          'You are signed in to Workplace as {user}, but this mailbox is {mailbox}. Sign out, then sign in as {mailbox} to book rooms for its meetings.',
          { user, mailbox },
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => void logout()}>{t('outlook.sign-out', 'Sign out')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
