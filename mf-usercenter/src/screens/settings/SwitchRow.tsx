/** A setting turned on or off in the settings list: its words, a switch, busy while the change is saved, an error told. */
import { useState } from 'react';
import { errorMessageOf, toast } from 'shared';

export function SwitchRow(p: { label: string; hint: string; checked: boolean; testId: string; onToggle: (want: boolean) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const toggle = async (want: boolean) => {
    setBusy(true);
    try {
      await p.onToggle(want);
    } catch (err) {
      toast(errorMessageOf(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="list__item">
      <label className="uc-switch">
        <span>
          {p.label}
          <br />
          <span className="uc-muted">{p.hint}</span>
        </span>
        <input type="checkbox" role="switch" checked={p.checked} disabled={busy} onChange={(e) => void toggle(e.target.checked)} data-testid={p.testId} />
      </label>
    </li>
  );
}
