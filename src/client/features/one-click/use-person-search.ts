import { useEffect, useState } from 'react';
import type { PersonList } from '../../../shared/contract/one-click';
import { errorMessage } from '../../api/errors';
import { findPeople } from './api';

/** spec §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** POST find-person for what is typed, 300 ms after the last keystroke; nothing is asked before two characters. */
export function usePersonSearch(query: string) {
  const [people, setPeople] = useState<PersonList['data'] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < 2) {
      setPeople(null);
      setSearching(false);
      return;
    }
    let current = true;
    setSearching(true);
    const timer = setTimeout(() => {
      findPeople(trimmed)
        .then((answer) => current && (setPeople(answer.data), setFailure(null)))
        .catch((error: unknown) => current && setFailure(errorMessage(error)))
        .finally(() => current && setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return { people, searching, failure };
}
