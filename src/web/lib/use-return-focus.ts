import { useRef } from 'react';

/**
 * Radix gives focus back to a Dialog.Trigger when a dialog closes. Dialogs opened
 * from plain buttons, a double click, Enter on a tile or a failed request, so without this focus would fall to
 * <body> and a keyboard user would start again at the top of the page. Spread the result on
 * DialogContent: it remembers what had focus when the dialog opened and returns there.
 */
export const useReturnFocus = () => {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
};
