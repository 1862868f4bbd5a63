// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_LOADER_DELAY_MS, ShellFallback } from '../shell/shell';
import { Loader } from './loader';

const draw = (element: ReactElement) =>
  render(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the loading indicator', () => {
  it('shows its spinner and label at once by default', () => {
    draw(<Loader label="Loading the grid…" />);
    expect(screen.getByText('Loading the grid…')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });

  it('with a delay shows nothing before it has passed, then the spinner', () => {
    vi.useFakeTimers();
    draw(<Loader delayMs={300} />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('never shows when the wait ends first (the screen replaces it)', () => {
    vi.useFakeTimers();
    const { unmount } = draw(<Loader delayMs={300} />);
    act(() => vi.advanceTimersByTime(100));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a page opened cold', () => {
  it(`shows the spinner only once its first screen has taken ${FIRST_SCREEN_LOADER_DELAY_MS} ms`, () => {
    vi.useFakeTimers();
    draw(<ShellFallback />);
    act(() => vi.advanceTimersByTime(FIRST_SCREEN_LOADER_DELAY_MS - 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});
