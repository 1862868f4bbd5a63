import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** An inline error (a failed load, a password screen's stored message). */
export function ErrorText({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
