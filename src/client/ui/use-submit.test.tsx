// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { useSubmit } from './use-submit';

afterEach(cleanup);

/** A call that the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const invalid = new ApiError('Request failed with status code 422', 422, {
  message: 'The given data was invalid.',
  errors: { name: ['The name has already been taken.', 'second'], capacity: ['Too big.'] },
});

describe('useSubmit', () => {
  it('is pending while the call runs and answers that it succeeded', async () => {
    const { result } = renderHook(() => useSubmit());
    const call = deferred();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = result.current.run(() => call.promise);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      call.resolve();
      await answer;
    });
    await expect(answer).resolves.toBe(true);
    expect(result.current.pending).toBe(false);
    expect(result.current.failure).toBeNull();
  });

  it('hands a failed call’s field errors over and shows no message', async () => {
    const { result } = renderHook(() => useSubmit());
    const onFieldErrors = vi.fn();
    let answer = true;
    await act(async () => {
      answer = await result.current.run(() => Promise.reject(invalid), onFieldErrors);
    });
    expect(answer).toBe(false);
    expect(onFieldErrors).toHaveBeenCalledWith({
      name: ['The name has already been taken.', 'second'],
      capacity: ['Too big.'],
    });
    expect(result.current.failure).toBeNull();
    expect(result.current.pending).toBe(false);
  });

  it('shows the message when the field errors cannot be placed or no one takes them', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(async () => {
      await result.current.run(
        () => Promise.reject(invalid),
        () => false,
      );
    });
    // spec §8: the first message of the first field error
    expect(result.current.failure).toBe('The name has already been taken.');
    await act(async () => {
      await result.current.run(() => Promise.reject(invalid));
    });
    expect(result.current.failure).toBe('The name has already been taken.');
  });

  it('shows the server’s message, else the client’s, else the text of what was thrown', async () => {
    const { result } = renderHook(() => useSubmit());
    const onFieldErrors = vi.fn();
    await act(async () => {
      await result.current.run(
        () => Promise.reject(new ApiError('Request failed with status code 409', 409, { message: 'Taken.' })),
        onFieldErrors,
      );
    });
    expect(onFieldErrors).not.toHaveBeenCalled();
    expect(result.current.failure).toBe('Taken.');
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError('Network Error', null, null)));
    });
    expect(result.current.failure).toBe('Network Error');
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('broken')));
    });
    expect(result.current.failure).toBe('Error: broken');
  });

  it('clears the last message when it runs again', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError('Network Error', null, null)));
    });
    const call = deferred();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = result.current.run(() => call.promise);
    });
    expect(result.current.failure).toBeNull();
    await act(async () => {
      call.resolve();
      await answer;
    });
  });

  it('runs a silent call without the pending flag', async () => {
    const { result } = renderHook(() => useSubmit());
    const call = deferred();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = result.current.run(() => call.promise, undefined, { silent: true });
    });
    expect(result.current.pending).toBe(false);
    await act(async () => {
      call.reject(new ApiError('Network Error', null, null));
      await answer;
    });
    expect(result.current.failure).toBe('Network Error');
  });

  it('in the form modes tells answered calls only as asked, and throws on what is no call’s', async () => {
    const { result } = renderHook(() => useSubmit());
    const onFieldErrors = vi.fn();
    await act(async () => {
      await result.current.run(() => Promise.reject(invalid), onFieldErrors, { failure: 'unanswered' });
    });
    expect(onFieldErrors).toHaveBeenCalledOnce();
    expect(result.current.failure).toBeNull();
    await act(async () => {
      await result.current.run(() => Promise.reject(invalid), onFieldErrors, { failure: 'all' });
    });
    expect(onFieldErrors).toHaveBeenCalledTimes(2);
    expect(result.current.failure).toBe('The name has already been taken.');
    await act(async () => {
      await expect(
        result.current.run(() => Promise.reject(new TypeError('bug')), undefined, { failure: 'unanswered' }),
      ).rejects.toThrow('bug');
    });
    expect(result.current.pending).toBe(false);
  });
});
