import { useCallback, useState } from 'react';

/**
 * Which item a dialog acts on. The item is kept after closing, so the dialog's text does not
 * vanish during its closing animation.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean }>({ target: null, open: false });
  const show = useCallback((target: T) => setState({ target, open: true }), []);
  const onOpenChange = useCallback((open: boolean) => setState((s) => ({ ...s, open })), []);
  return { target: state.target, open: state.open, show, onOpenChange };
}
