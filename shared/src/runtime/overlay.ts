/** The one global loading overlay: a counter, so overlapping calls keep it up until the last ends. */
import { create } from 'zustand';

export const useOverlay = create<{ pending: number }>()(() => ({ pending: 0 }));

export const overlay = {
  show(): void {
    useOverlay.setState((s) => ({ pending: s.pending + 1 }));
  },
  hide(): void {
    useOverlay.setState((s) => ({ pending: Math.max(0, s.pending - 1) }));
  },
  reset(): void {
    useOverlay.setState({ pending: 0 });
  },
};
