/**
 * A pre-rendered page's form (platform/src/prerender/) is hydrated seconds after it shows on a slow
 * phone: what the borrower typed meanwhile must survive the form registering its fields with their
 * defaults. React keeps the typed value on the element it adopts and tells the form through its
 * change event; this holds it to that for the shared fields (a hydrating render must match the
 * markup: screens leave what they read from storage out of it, shell/useHydrated.ts).
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm, type UseFormGetValues } from 'react-hook-form';
import { Checkbox, TextField } from './Field';

interface Values {
  mobile: string;
  name: string;
  agree: boolean;
}
let getValues: UseFormGetValues<Values>;
// rendered with react-dom's own roots (hydration), not testing-library's: act() told it is a test
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Form({ defaults }: { defaults: Values }) {
  const form = useForm<Values>({ defaultValues: defaults });
  getValues = form.getValues;
  return (
    <form>
      <TextField label="Mobile" {...form.register('mobile')} />
      <TextField label="Name" {...form.register('name')} />
      <Checkbox label="Agree" {...form.register('agree')} />
    </form>
  );
}

it('what is typed and ticked before hydration stays, in the fields and the form state, over the form defaults', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  root.innerHTML = renderToString(<Form defaults={{ mobile: '', name: '', agree: false }} />);
  const [mobile, , agree] = root.querySelectorAll('input');
  mobile.value = '03451112223';
  agree.checked = true;

  // the phone's stored draft differs from what the page was rendered with
  await act(async () => {
    hydrateRoot(root, <Form defaults={{ mobile: '03009998887', name: 'Draft', agree: false }} />);
  });

  expect(root.querySelector<HTMLInputElement>('input[name="mobile"]')!.value).toBe('03451112223');
  expect(getValues()).toEqual({ mobile: '03451112223', name: 'Draft', agree: true });
});
