import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
} from '@fluentui/react-components';
import { Copy20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import {
  DuplicateResourceBody,
  type CheckDeleteAnswer,
  type Resource,
} from '../../../../shared/contract/resources';
import { fieldErrorsFromZod } from '../../../../shared/validation/field-errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { pageGivenBack } from '../../../ui/page-given-back';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { checkDeleteResource, deleteResource, duplicateResource, forgetResourceLists } from '../api';

/** spec §7 POST resources/{id}/duplicate: asks the copy's name, then makes it. */
export function DuplicateButton({
  resource,
  onDuplicated,
}: {
  resource: Resource;
  onDuplicated(copy: Resource): void;
}) {
  const t = useLabel();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { pending, failure, setFailure, run } = useSubmit();
  const label = t('resources.duplicate', 'Duplicate');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = DuplicateResourceBody.safeParse({ name });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).name?.[0]);
      return;
    }
    await run(
      async () => {
        const copy = await duplicateResource(resource.id, parsed.data.name);
        forgetResourceLists();
        setOpen(false);
        await pageGivenBack();
        onDuplicated(copy);
      },
      // Only the name is asked here: another field's error shows as the message.
      (fieldErrors) => {
        const fieldError = fieldErrors.name?.[0];
        if (!fieldError) return false;
        setError(fieldError);
      },
    );
  };

  return (
    <>
      <Button
        appearance="subtle"
        icon={<Copy20Regular aria-hidden />}
        aria-label={`${label}: ${resource.name}`}
        onClick={() => {
          setName(t('resources.copy-name', '{name} (copy)', { name: resource.name }));
          setError(undefined);
          setFailure(null);
          setAsked(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {asked && (
        <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
          <DialogSurface>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <DialogBody>
                <DialogTitle>
                  {t('resources.duplicate-title', 'Duplicate {name}', { name: resource.name })}
                </DialogTitle>
                <DialogContent>
                  <Field
                    label={t('resources.copy-name-label', 'Name of the copy')}
                    required
                    validationMessage={error}
                    validationState={error ? 'error' : 'none'}
                  >
                    <Input
                      name="name"
                      value={name}
                      maxLength={120}
                      onChange={(_event, data) => {
                        setName(data.value);
                        setError(undefined);
                      }}
                    />
                  </Field>
                  <ErrorText message={failure} />
                </DialogContent>
                <DialogActions>
                  <Button onClick={() => setOpen(false)}>{t('general.actions.cancel', 'Cancel')}</Button>
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

type DeleteState =
  | { kind: 'closed' }
  | { kind: 'checking' }
  | { kind: 'refused'; answer: CheckDeleteAnswer }
  | { kind: 'confirm' };

/**
 * spec §7 checkdelete, then DELETE: a resource that may not go says why and offers no delete; one
 * that may asks for a confirmation first (Cancel keeps it).
 */
export function DeleteButton({
  resource,
  onDeleted,
}: {
  resource: Resource;
  /** after the dialog has closed and the page is given back */
  onDeleted(): void;
}) {
  const t = useLabel();
  const [state, setState] = useState<DeleteState>({ kind: 'closed' });
  const [shown, setShown] = useState<DeleteState>({ kind: 'closed' });
  const [asked, setAsked] = useState(false);
  // The check (silent: the button's spinner shows it), then the delete (pending while it runs).
  const { pending: deleting, failure, run } = useSubmit();
  const label = t('resources.delete', 'Delete');
  const open = state.kind === 'refused' || state.kind === 'confirm';

  const check = async () => {
    setState({ kind: 'checking' });
    const checked = await run(
      async () => {
        const answer = await checkDeleteResource(resource.id);
        const next: DeleteState = answer.can_delete ? { kind: 'confirm' } : { kind: 'refused', answer };
        setAsked(true);
        setShown(next);
        setState(next);
      },
      undefined,
      { silent: true },
    );
    if (!checked) setState({ kind: 'closed' });
  };

  const remove = async () => {
    const removed = await run(async () => {
      await deleteResource(resource.id);
      forgetResourceLists();
      setState({ kind: 'closed' });
      await pageGivenBack();
      onDeleted();
    });
    if (!removed) setState({ kind: 'closed' });
  };

  return (
    <>
      <Button
        appearance="subtle"
        icon={
          state.kind === 'checking' ? <Spinner size="tiny" aria-hidden /> : <Delete20Regular aria-hidden />
        }
        disabled={state.kind === 'checking' || deleting}
        aria-label={`${label}: ${resource.name}`}
        onClick={() => void check()}
      >
        {label}
      </Button>
      {failure && <ErrorText message={failure} />}
      {asked && (
        <Dialog
          open={open}
          modalType="alert"
          onOpenChange={(_event, data) => {
            if (!data.open) setState({ kind: 'closed' });
          }}
        >
          <DialogSurface>
            <DialogBody>
              <DialogTitle>
                {t('resources.delete-title', 'Delete {name}', { name: resource.name })}
              </DialogTitle>
              <DialogContent>
                {shown.kind === 'refused' ? (
                  <Body1>
                    {shown.answer.message ?? t('resources.cannot-delete', 'This resource cannot be deleted.')}
                  </Body1>
                ) : (
                  <Body1>
                    {t('resources.delete-confirm', 'Delete the resource {name}?', { name: resource.name })}
                  </Body1>
                )}
              </DialogContent>
              <DialogActions>
                {shown.kind === 'refused' ? (
                  <Button appearance="primary" onClick={() => setState({ kind: 'closed' })}>
                    {t('general.actions.close', 'Close')}
                  </Button>
                ) : (
                  <>
                    <Button onClick={() => setState({ kind: 'closed' })}>
                      {t('general.actions.cancel', 'Cancel')}
                    </Button>
                    <Button appearance="primary" disabled={deleting} onClick={() => void remove()}>
                      {label}
                    </Button>
                  </>
                )}
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </>
  );
}
