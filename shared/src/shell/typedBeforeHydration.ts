/**
 * What a borrower typed into a pre-rendered page's form before React took it over (on a slow phone
 * the form is on screen seconds before its code arrives). React keeps a value on an element it
 * hydrates, but a form library registering the field writes its default over it, and a screen
 * rendered anew after a mismatch has new elements: the shared fields ask here once mounted and put
 * the typed value back (ui/Field.tsx). Text fields and checkboxes, by their `name`.
 */
type Control = HTMLInputElement | HTMLTextAreaElement;

const typed = new Map<string, string | boolean>();
/** the pre-rendered markup's controls not yet taken over by the app */
const early = new WeakSet<Control>();

const isCheck = (el: Control) => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

function record(el: Control) {
  if (el.name && early.has(el)) typed.set(el.name, isCheck(el) ? (el as HTMLInputElement).checked : el.value);
}

/** From now until each control is taken over: what was typed already (before any script ran) and what is typed next. */
export function watchTypingBeforeHydration(root: HTMLElement): void {
  root.querySelectorAll<Control>('input, textarea').forEach((el) => {
    early.add(el);
    const changed = isCheck(el) ? (el as HTMLInputElement).checked !== (el as HTMLInputElement).defaultChecked : el.value !== el.defaultValue;
    if (changed) record(el);
  });
  const onEvent = (e: Event) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) record(e.target);
  };
  root.addEventListener('input', onEvent, true);
  root.addEventListener('change', onEvent, true);
}

/** The value typed before hydration into the control of `el`'s name, given once; the app owns the control from now on. */
export function takeTypedBeforeHydration(el: Control): string | boolean | undefined {
  early.delete(el);
  const value = typed.get(el.name);
  typed.delete(el.name);
  return value;
}
