import { useEffect, useState } from 'react';
import { api } from '../api/client';

export interface AuthorizedImage {
  /** an object URL for <img src>, null while loading, after a failure or without a path */
  url: string | null;
  loading: boolean;
  error: string | null;
}

/**
 * Reads an image route that needs the bearer token (floor plans, resource pictures) through the API
 * client, so the token, the Subdomain header and the refresh apply; an <img src> cannot send them.
 * The object URL is revoked when the path changes or the component goes.
 */
export function useAuthorizedImage(path: string | null | undefined): AuthorizedImage {
  // What arrived, and for which path: a newer path reads as loading until its answer comes.
  const [answer, setAnswer] = useState<{ path: string; url: string | null; error: string | null } | null>(
    null,
  );

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let url: string | null = null;
    // silent: a missing picture is shown in place, not as the warning modal
    api
      .getBlob(path, { signal: controller.signal, silent: true })
      .then((blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setAnswer({ path, url, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ path, url: null, error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  if (!path) return { url: null, loading: false, error: null };
  if (answer?.path !== path) return { url: null, loading: true, error: null };
  return { url: answer.url, loading: false, error: answer.error };
}
