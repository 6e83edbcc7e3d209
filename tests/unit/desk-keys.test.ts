// The moderation desk's keys (issue 34): each key's command, none while the person types or holds a
// modifier, and Enter left to the button or link it was pressed on.
import { describe, expect, it } from 'vitest';
import { commandOf, DESK_KEYS } from '@admin/pages/moderation/keys';

const press = (key: string, target: EventTarget | null = document.body, modifiers: Partial<KeyboardEvent> = {}) =>
  commandOf({ key, target, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, ...modifiers });

describe('the desk keys', () => {
  it('maps j/k, Enter, c, the decisions and ? to their commands', () => {
    expect(DESK_KEYS.map((k) => [k.key, press(k.key)])).toEqual([
      ['j', 'next'],
      ['k', 'previous'],
      ['Enter', 'open'],
      ['c', 'claim'],
      ['d', 'dismiss'],
      ['w', 'warn'],
      ['h', 'hide'],
      ['s', 'suspend'],
      ['b', 'ban'],
      ['?', 'help'],
    ]);
    expect(press('x')).toBeNull();
  });

  it('takes no key while the person types, nor with a modifier', () => {
    document.body.innerHTML = '<input id="search"><textarea id="note"></textarea><div contenteditable="true" id="rich"></div><div role="dialog"><button id="inside">OK</button></div><button id="claim">Claim</button>';
    for (const id of ['search', 'note', 'inside']) expect(press('j', document.getElementById(id)), id).toBeNull();
    const rich = document.getElementById('rich')!;
    // jsdom has no isContentEditable: the attribute is what the check also reads
    expect(press('h', rich)).toBeNull();
    expect(press('j', document.body, { ctrlKey: true })).toBeNull();
    expect(press('k', document.body, { altKey: true })).toBeNull();
    expect(press('Enter', document.getElementById('claim'))).toBeNull();
    expect(press('d', document.getElementById('claim'))).toBe('dismiss');
  });
});
