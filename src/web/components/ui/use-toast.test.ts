import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { reducer, TOAST_LIMIT, toast, useToast } from '@/components/ui/use-toast';
import type { ToasterToast } from '@/components/ui/use-toast';

describe('use-toast', () => {
  it('limits the store to a single toast', () => {
    expect(TOAST_LIMIT).toBe(1);
  });

  it('replaces the current toast when a second toast is shown', () => {
    const { result } = renderHook(() => useToast());

    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.title).toBe('First');

    act(() => {
      toast({ title: 'Second', description: 'two', variant: 'destructive' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Second',
      variant: 'destructive',
      open: true,
    });
  });

  it('marks a dismissed toast closed instead of removing it at once', () => {
    const { result } = renderHook(() => useToast());

    let id = '';
    act(() => {
      id = toast({ title: 'Saved' }).id;
    });
    act(() => {
      result.current.dismiss(id);
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ id, open: false });
  });

  it('reducer keeps only the newest toast on ADD_TOAST', () => {
    const a: ToasterToast = { id: 'a', title: 'A' };
    const b: ToasterToast = { id: 'b', title: 'B' };
    const state = reducer(reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: a }), {
      type: 'ADD_TOAST',
      toast: b,
    });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });
});
