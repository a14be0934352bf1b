import { type RefObject, useEffect, useRef } from 'react';

/**
 * Focuses `target` once `open` turns false. For a dialog opened from another dialog that is gone
 * by then (Create → the secret): its own opener is no longer in the page to take the focus back.
 */
export const useFocusAfterClose = (open: boolean, target: RefObject<HTMLElement | null>) => {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
    } else if (wasOpen.current) {
      wasOpen.current = false;
      target.current?.focus();
    }
  }, [open, target]);
};
