// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://acme.workplace.localhost:8080/home" }
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthorizedImage } from './use-authorized-image';

const BASE = 'http://acme.workplace.localhost:8080/api/company/v1';
const server = setupServer();
let created = 0;
const revoked: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.setItem('atApp', 'token-1');
  created = 0;
  revoked.length = 0;
  URL.createObjectURL = vi.fn(() => `blob:image-${++created}`);
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('floor plans are read with the bearer token (an <img src> cannot send it)', () => {
  it('answers an object URL for the image the server gave to the signed-in user, and revokes it when gone', async () => {
    let bearer: string | null = null;
    server.use(
      http.get(`${BASE}/maps/4/image`, ({ request }) => {
        bearer = request.headers.get('Authorization');
        return new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'Content-Type': 'image/svg+xml' },
        });
      }),
    );
    const { result, unmount } = renderHook(() => useAuthorizedImage('/api/company/v1/maps/4/image'));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.url).toBe('blob:image-1'));
    expect(bearer).toBe('Bearer token-1');
    unmount();
    expect(revoked).toEqual(['blob:image-1']);
  });

  it('reports a refusal instead of an image', async () => {
    server.use(
      http.get(`${BASE}/maps/5/image`, () =>
        HttpResponse.json({ data: { message: 'Not found.' } }, { status: 404 }),
      ),
    );
    const { result } = renderHook(() => useAuthorizedImage('/api/company/v1/maps/5/image'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.url).toBeNull();
    expect(result.current.error).toBe('Request failed with status code 404');
  });
});
