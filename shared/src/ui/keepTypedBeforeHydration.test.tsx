import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm, type UseFormGetValues } from 'react-hook-form';
import { watchTypingBeforeHydration } from '../shell/typedBeforeHydration';
import { Checkbox, TextField } from './Field';

interface Values {
  mobile: string;
  name: string;
  agree: boolean;
}
let getValues: UseFormGetValues<Values>;
// rendered with react-dom's own roots (hydration), not testing-library's: act() told it is a test
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** a form whose defaults (a stored draft) differ from what the pre-rendered page showed */
function Form({ defaults, note }: { defaults: Values; note?: string }) {
  const form = useForm<Values>({ defaultValues: defaults });
  getValues = form.getValues;
  return (
    <form>
      {note ? <p>{note}</p> : null}
      <TextField label="Mobile" {...form.register('mobile')} />
      <TextField label="Name" {...form.register('name')} />
      <Checkbox label="Agree" {...form.register('agree')} />
    </form>
  );
}

const type = (el: HTMLInputElement, value: string) => {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('what is typed into a pre-rendered form before hydration', () => {
  it('stays, in the field and in the form state, over the form defaults; untouched fields take their defaults', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString(<Form defaults={{ mobile: '', name: '', agree: false }} />);
    const [mobile, , agree] = root.querySelectorAll('input');
    mobile.value = '0345'; // typed before any script ran
    watchTypingBeforeHydration(root);
    type(mobile, '03451112223'); // typed while the app's code loads
    agree.click();

    await act(async () => {
      hydrateRoot(root, <Form defaults={{ mobile: '03009998887', name: 'Draft', agree: false }} />);
    });

    expect(root.querySelector<HTMLInputElement>('input[name="mobile"]')!.value).toBe('03451112223');
    expect(getValues()).toEqual({ mobile: '03451112223', name: 'Draft', agree: true });
  });

  it('stays when the page is rendered anew after a mismatch (new elements)', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form defaults={{ mobile: '', name: '', agree: false }} />);
    const typedInto = root.querySelector('input')!;
    watchTypingBeforeHydration(root);
    type(typedInto, '03451112223');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(root, <Form defaults={{ mobile: '', name: '', agree: false }} note="only on the phone" />, { onRecoverableError: () => undefined });
    });
    errors.mockRestore();
    expect(root.querySelector('input')).not.toBe(typedInto);
    expect(root.querySelector('input')!.value).toBe('03451112223');
    expect(getValues().mobile).toBe('03451112223');
  });

  it('is given once: a field of the same name mounted later takes its own default', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form defaults={{ mobile: '', name: '', agree: false }} />);
    watchTypingBeforeHydration(root);
    type(root.querySelector('input')!, '03451112223');
    await act(async () => {
      hydrateRoot(root, <Form defaults={{ mobile: '', name: '', agree: false }} />);
    });
    expect(getValues().mobile).toBe('03451112223');

    const later = document.createElement('div');
    await act(async () => {
      createRoot(later).render(<Form defaults={{ mobile: '03000000000', name: '', agree: false }} />);
    });
    expect(later.querySelector('input')!.value).toBe('03000000000');
  });
});
