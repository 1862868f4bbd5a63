// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceAttribute } from '../../../../shared/contract/resource-attributes';
import { AttributeChoice } from './resource-fields';

const attribute = (id: number, name: string): ResourceAttribute => ({
  id,
  key: name.toLowerCase().replace(/ /g, '-'),
  icon: null,
  name,
  translations: [],
});
const ATTRIBUTES = [attribute(6, 'Docking station'), attribute(1, 'Monitor'), attribute(2, 'Standing desk')];

function Attributes({ error, seen }: { error?: string; seen: number[][] }) {
  const [ids, setIds] = useState<number[]>([]);
  return (
    <FluentProvider theme={webLightTheme}>
      <AttributeChoice
        attributes={ATTRIBUTES}
        value={ids}
        error={error}
        onChange={(next) => {
          seen.push(next);
          setIds(next);
        }}
      />
    </FluentProvider>
  );
}

afterEach(cleanup);

describe('spec §2 /resources add: attributes chosen by name', () => {
  it('toggles just the attribute whose label is used, by mouse and by keyboard', async () => {
    const user = userEvent.setup();
    const seen: number[][] = [];
    render(<Attributes seen={seen} />);
    await user.click(screen.getByText('Monitor'));
    await user.click(screen.getByRole('checkbox', { name: 'Standing desk' }));
    expect(seen.at(-1)).toEqual([1, 2]);
    expect((screen.getByRole('checkbox', { name: 'Docking station' }) as HTMLInputElement).checked).toBe(
      false,
    );
    screen.getByRole('checkbox', { name: 'Monitor' }).focus();
    await user.keyboard(' ');
    expect(seen.at(-1)).toEqual([2]);
  });

  it('gives every box an id of its own under one legend', () => {
    render(<Attributes seen={[]} />);
    const ids = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(new Set(ids).size).toBe(3);
    expect(screen.getByRole('group', { name: 'Attributes' })).toBeTruthy();
  });

  it('says what is wrong with the choice and ties it to the group', () => {
    render(<Attributes seen={[]} error="Resource attribute ids is not valid." />);
    const group = screen.getByRole('group', { name: 'Attributes' });
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Resource attribute ids is not valid.');
    expect(group.getAttribute('aria-describedby')).toContain(message.id);
  });
});
