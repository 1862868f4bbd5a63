import { createLocalStore } from '../state/local-store';

/**
 * spec §6: "Raw-translation display toggles with T plus left control": while the left Control key is
 * held, T switches between translated labels and their codes. The state is module-level because every
 * label reads it, and it is a UI toggle, not session data.
 */
const raw = createLocalStore(false);

export const isRawKeys = (): boolean => raw.get();
/** Whether raw mode is on; the screen renders again when it toggles. */
export const useRawKeys = (): boolean => raw.use();

export function setRawKeys(next: boolean): void {
  if (raw.get() !== next) raw.set(next);
}

type KeyInfo = Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'repeat'>;

/** True for the T key pressed while the left Control key (not the right one) is down. */
export function isRawToggle(event: KeyInfo, leftControlDown: boolean): boolean {
  return (
    !event.repeat &&
    event.ctrlKey &&
    leftControlDown &&
    (event.code === 'KeyT' || event.key.toLowerCase() === 't')
  );
}

export function installRawKeyToggle(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let leftControlDown = false;
  const down = (event: KeyboardEvent) => {
    if (event.code === 'ControlLeft') leftControlDown = true;
    else if (isRawToggle(event, leftControlDown)) {
      event.preventDefault();
      setRawKeys(!raw.get());
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
