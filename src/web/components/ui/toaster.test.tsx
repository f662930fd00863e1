import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/components/ui/use-toast';

describe('Toaster', () => {
  it('announces the toast via role="status" and shows only the newest toast', async () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Video queued', description: 'We will email you when it is ready.' });
    });
    // Radix fills its live region two animation frames after the toast mounts.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Video queued'));

    act(() => {
      toast({ title: 'Upload failed', description: 'Try a smaller file.', variant: 'destructive' });
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Upload failed'));
    expect(screen.getByRole('status')).toHaveTextContent('Try a smaller file.');
    expect(screen.queryByText('Video queued')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Upload failed')).toBeVisible();
  });
});
