import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { pageGivenBack } from '../../../ui/page-given-back';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';

/**
 * A button that asks first: an alert dialog says what will happen; its confirm button runs
 * `action` (its failure stays in the dialog), then the dialog closes and `after` runs once the page
 * is given back (refresh a list, leave the screen).
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  title,
  message,
  icon,
  action,
  after,
}: {
  label: string;
  /** the button's name for assistive technology, naming what it acts on */
  accessibleLabel: string;
  title: string;
  message: string;
  icon?: ReactElement;
  action: () => Promise<unknown>;
  after: () => unknown;
}) {
  const t = useLabel();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const { pending, failure, setFailure, run } = useSubmit();

  const confirm = async () => {
    const done = await run(action);
    if (!done) return;
    setOpen(false);
    await pageGivenBack();
    await after();
  };

  return (
    <>
      <Button
        icon={icon}
        aria-label={accessibleLabel}
        onClick={() => {
          setFailure(null);
          setAsked(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {/* Mounted once asked for: before that, tabster's focus sentinels would be on the screen. */}
      {asked && (
        <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => setOpen(data.open)}>
          <DialogSurface>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                // The dialog is portalled out of the page, not out of React: its submit would reach a
                // form the button sits in (the edit screen's) and send that one too.
                event.stopPropagation();
                void confirm();
              }}
            >
              <DialogBody>
                <DialogTitle>{title}</DialogTitle>
                <DialogContent>
                  <Body1>{message}</Body1>
                  <ErrorText message={failure} />
                </DialogContent>
                <DialogActions>
                  <Button disabled={pending} onClick={() => setOpen(false)}>
                    {t('general.actions.cancel', 'Cancel')}
                  </Button>
                  <SubmitButton pending={pending}>{label}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          </DialogSurface>
        </Dialog>
      )}
    </>
  );
}
