// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloorPlan, type FloorPlanItem } from './floor-plan';

const ITEMS: FloorPlanItem[] = [
  { id: 1, name: 'Desk 1', x: 0.25, y: 0.5, typeName: 'Desk' },
  { id: 2, name: 'Desk 2', x: null, y: null, typeName: 'Desk' },
];

function draw(props: Partial<Parameters<typeof FloorPlan>[0]> = {}) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <FloorPlan imagePath={null} width={400} height={300} items={ITEMS} label="Floor plan" {...props} />
    </FluentProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('floor plan markers (spec §2 level map: resources placed on the plan)', () => {
  it('names each placed resource with where it stands, and leaves unplaced ones off a read-only plan', () => {
    const onSelect = vi.fn();
    draw({ onSelect });
    fireEvent.click(screen.getByRole('button', { name: 'Desk 1, placed at 25%, 50%' }));
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(screen.queryByText('Desk 2')).toBeNull();
  });

  it('moves a marker 1% per arrow key (5% with Shift) and saves once the keys rest', async () => {
    vi.useFakeTimers();
    const onMove = vi.fn(() => Promise.resolve());
    draw({ editable: true, onMove });
    const marker = screen.getByRole('button', { name: /^Desk 1,/ });
    fireEvent.keyDown(marker, { key: 'ArrowRight' });
    fireEvent.keyUp(marker, { key: 'ArrowRight' });
    fireEvent.keyDown(marker, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyUp(marker, { key: 'ArrowDown', shiftKey: true });
    expect(marker.getAttribute('aria-label')).toBe('Desk 1, placed at 26%, 55%');
    expect(onMove).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledWith(1, { x: 0.26, y: 0.55 });
  });

  it('places an unplaced resource at the centre with the keyboard, and puts it back if the save is refused', async () => {
    let refuse: (reason: Error) => void = () => undefined;
    const onMove = vi.fn(() => new Promise<void>((_resolve, reject) => (refuse = reject)));
    draw({ editable: true, onMove });
    const place = screen.getByRole('button', { name: 'Place at centre' });
    expect((place as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Desk 2' }));
    fireEvent.click(place);
    expect(onMove).toHaveBeenCalledWith(2, { x: 0.5, y: 0.5 });
    // shown where it was put while the server answers
    screen.getByRole('button', { name: 'Desk 2, placed at 50%, 50%' });
    await act(async () => refuse(new Error('refused')));
    expect(screen.queryByRole('button', { name: /^Desk 2,/ })).toBeNull();
    screen.getByRole('button', { name: 'Desk 2' });
  });
});
