import { useEffect, useState } from 'react';
import type { PersonList } from '../../../shared/contract/one-click';
import { errorMessage } from '../../api/errors';
import { findPeople } from './api';

/** spec §9: searches wait 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

interface Answered {
  query: string;
  people: PersonList['data'] | null;
  failure: string | null;
}

/** POST find-person for what is typed, 300 ms after the last keystroke; nothing is asked before two characters. */
export function usePersonSearch(query: string) {
  const trimmed = query.trim();
  const asked = trimmed.length >= 2;
  const [answered, setAnswered] = useState<Answered | null>(null);
  useEffect(() => {
    if (!asked) return;
    let current = true;
    const timer = setTimeout(() => {
      findPeople(trimmed)
        .then((answer) => current && setAnswered({ query: trimmed, people: answer.data, failure: null }))
        .catch(
          (error: unknown) =>
            current && setAnswered({ query: trimmed, people: null, failure: errorMessage(error) }),
        );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, asked]);
  // an answer to what was typed before is not shown
  const answer = asked && answered?.query === trimmed ? answered : null;
  return { people: answer?.people ?? null, searching: asked && !answer, failure: answer?.failure ?? null };
}
