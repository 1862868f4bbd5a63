import { useState } from 'react';
import type { CleanResource } from '../../../shared/contract/cleaning';
import { errorMessage } from '../../api/errors';
import { useLabel } from '../../i18n/i18n';
import { useWhen } from '../../i18n/use-when';
import { markCleaned } from './api';

/**
 * Marking one resource cleaned, for the list and the map alike: which one is being saved, what
 * went wrong, and the confirmation (with the time recorded) read out once it is done.
 */
export function useMarkCleaned(refetch: () => Promise<unknown>) {
  const t = useLabel();
  const when = useWhen();
  const [pending, setPending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mark = async (resource: Pick<CleanResource, 'id' | 'name'>) => {
    setPending(resource.id);
    setFailure(null);
    setDone(null);
    try {
      const cleaning = await markCleaned(resource.id);
      setDone(
        t('clean.done', '{name} is marked cleaned at {time}.', {
          name: resource.name,
          time: when.time(cleaning.cleaned_at),
        }),
      );
      await refetch();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(null);
    }
  };
  return { mark, pending, failure, done };
}
