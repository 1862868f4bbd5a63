import { Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** A form's submit button: disabled with a spinner while the form is being sent. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      appearance="primary"
      disabled={pending}
      aria-busy={pending || undefined}
      icon={pending ? <Spinner size="tiny" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
