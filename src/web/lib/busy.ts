/**
 * A button that is busy with its own action stays focusable: `disabled` would drop keyboard
 * focus to <body> the moment it is pressed. It says it is unavailable with aria-disabled and
 * looks it; the handler ignores presses while busy.
 */
export const busyButtonProps = (busy: boolean) =>
  busy ? ({ 'aria-disabled': true, 'aria-busy': true } as const) : {};

export const BUSY_BUTTON_CLASS = 'aria-disabled:cursor-progress aria-disabled:opacity-60';
