// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { uploadFailureMessage, useFileUpload } from './file-upload';

afterEach(cleanup);

const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>'], 'plan.svg', {
  type: 'image/svg+xml',
});

describe('useFileUpload (floor maps, resource pictures)', () => {
  it('sends the file as base64 without the data: prefix, then stops showing progress', async () => {
    const { result } = renderHook(() => useFileUpload());
    const send = vi.fn(() => Promise.resolve());
    await act(async () => {
      await result.current.upload(svg, send);
    });
    const sent = (send.mock.calls[0] as unknown as [string])[0];
    expect(Buffer.from(sent, 'base64').toString()).toContain('<svg');
    expect(result.current.progress).toBeNull();
    expect(result.current.failure).toBeNull();
  });

  it('shows the content check’s message (spec §5: under the field, not the warning modal)', async () => {
    const { result } = renderHook(() => useFileUpload());
    const refused = new ApiError('Request failed with status code 422', 422, {
      message: 'The given data was invalid.',
      errors: { name: ['Too long.'], content_base64: ['The file must be 5 MB or smaller.'] },
    });
    await act(async () => {
      await result.current.upload(svg, () => Promise.reject(refused));
    });
    expect(result.current.failure).toBe('The file must be 5 MB or smaller.');
    expect(result.current.progress).toBeNull();
  });

  it('says so when the call got no answer, or the file could not be read', () => {
    expect(uploadFailureMessage(new ApiError('Network Error', null, null))).toBe('Network Error');
    expect(uploadFailureMessage(new Error('The file could not be read.'))).toBe(
      'The file could not be read.',
    );
  });
});
