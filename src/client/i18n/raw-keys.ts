/**
 * spec §6: "Raw-translation display toggles with T plus left control": while the left Control key is
 * held, T switches between translated labels and their codes. The state is module-level because every
 * label reads it, and it is a UI toggle, not session data.
 */
let raw = false;
const listeners = new Set<() => void>();

export function isRawKeys(): boolean {
  return raw;
}

export function setRawKeys(next: boolean): void {
  if (raw === next) return;
  raw = next;
  for (const listener of listeners) listener();
}

export function subscribeRawKeys(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type KeyInfo = Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'repeat'>;

/** True for the T key pressed while the left Control key (not the right one) is down. */
export function isRawToggle(event: KeyInfo, leftControlDown: boolean): boolean {
  return !event.repeat && event.ctrlKey && leftControlDown && (event.code === 'KeyT' || event.key.toLowerCase() === 't');
}

export function installRawKeyToggle(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let leftControlDown = false;
  const down = (event: KeyboardEvent) => {
    if (event.code === 'ControlLeft') leftControlDown = true;
    else if (isRawToggle(event, leftControlDown)) {
      event.preventDefault();
      setRawKeys(!raw);
    }
  };
  const up = (event: KeyboardEvent) => {
    if (event.code === 'ControlLeft') leftControlDown = false;
  };
  const reset = () => {
    leftControlDown = false;
  };
  target.addEventListener('keydown', down);
  target.addEventListener('keyup', up);
  target.addEventListener('blur', reset);
  return () => {
    target.removeEventListener('keydown', down);
    target.removeEventListener('keyup', up);
    target.removeEventListener('blur', reset);
  };
}
