/**
 * Resolves once no dialog is open and the modal has given the page back (the aria-hidden it put on
 * the screen's ancestors goes a little after the dialog itself), at most after two seconds: a row
 * removed or a screen left while the modal still held the page would leave the next screen hidden.
 * `screen` is the element whose ancestors the modal hid (by default the page's main).
 */
export function pageGivenBack(screen?: HTMLElement | null): Promise<void> {
  const until = Date.now() + 2000;
  return new Promise((resolve) => {
    const busy = () =>
      document.querySelector('[role="dialog"], [role="alertdialog"]') !== null ||
      (screen ?? document.querySelector('main'))?.closest('[aria-hidden="true"]') != null;
    const check = () => (busy() && Date.now() < until ? requestAnimationFrame(check) : resolve());
    check();
  });
}
