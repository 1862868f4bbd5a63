// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderedList } from './ordered-list';

const ENTRIES = [
  { key: 'occupancy', name: 'Occupancy' },
  { key: 'visitors', name: 'Visitors' },
  { key: 'services', name: 'Service orders' },
];

function draw(onOrder: (keys: string[]) => void) {
  render(
    <FluentProvider theme={webLightTheme}>
      <OrderedList label="On the cockpit" entries={ENTRIES} busy={false} onOrder={onOrder} />
    </FluentProvider>,
  );
}

afterEach(cleanup);

describe('the cockpit’s ordered list (issue 46: reorder by keyboard and pointer)', () => {
  it('moves a widget up with the keyboard: Tab to its button, Enter', async () => {
    const onOrder = vi.fn();
    draw(onOrder);
    const button = screen.getByRole('button', { name: 'Move Visitors up' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOrder).toHaveBeenCalledWith(['visitors', 'occupancy', 'services']);
  });

  it('cannot move the first up or the last down', () => {
    draw(vi.fn());
    expect(screen.getByRole('button', { name: 'Move Occupancy up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Service orders down' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('moves a widget by dragging its row onto another', () => {
    const onOrder = vi.fn();
    draw(onOrder);
    const rows = screen.getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(rows[2]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    fireEvent.drop(rows[0]!, { dataTransfer });
    expect(onOrder).toHaveBeenCalledWith(['services', 'occupancy', 'visitors']);
  });
});
