import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

describe('ui primitives', () => {
  it('dropdown menu opens and selects an item', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger>Account</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onSelect}>Sign out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('tabs switch panels', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="videos">
        <TabsList>
          <TabsTrigger value="videos">Videos</TabsTrigger>
          <TabsTrigger value="photos">Photos</TabsTrigger>
        </TabsList>
        <TabsContent value="videos">Video list</TabsContent>
        <TabsContent value="photos">Photo list</TabsContent>
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Photos' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Photo list');
  });

  it('tooltip shows on hover', async () => {
    const user = userEvent.setup();
    render(
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger>Info</TooltipTrigger>
          <TooltipContent>Helpful hint</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    await user.hover(screen.getByRole('button', { name: 'Info' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Helpful hint');
  });

  it('alert dialog confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <AlertDialog>
        <AlertDialogTrigger>Delete</AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Delete product?</AlertDialogTitle>
          <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete product</AlertDialogAction>
        </AlertDialogContent>
      </AlertDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete product?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete product' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('native select, progress, alert and badge expose accessible roles', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Label htmlFor="tz">Timezone</Label>
        <NativeSelect id="tz" defaultValue="UTC">
          <option value="UTC">UTC</option>
          <option value="Europe/Paris">Europe/Paris</option>
        </NativeSelect>
        <Progress aria-label="Videos used" value={30} indicatorClassName="bg-destructive" />
        <Alert variant="destructive">
          <AlertTitle>Payment failed</AlertTitle>
          <AlertDescription>Update your card.</AlertDescription>
        </Alert>
        <Badge variant="pro">Pro</Badge>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Timezone' });
    await user.selectOptions(select, 'Europe/Paris');
    expect(select).toHaveValue('Europe/Paris');
    const progress = screen.getByRole('progressbar', { name: 'Videos used' });
    expect(progress).toHaveAttribute('aria-valuenow', '30');
    expect(progress.firstElementChild).toHaveClass('bg-destructive');
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    expect(screen.getByText('Pro')).toHaveAttribute('data-slot', 'badge');
  });
});
