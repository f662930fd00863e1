import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TSandboxInbox,
  TSandboxInboxItem,
  TSandboxSwitches,
} from '#contract/tiktok-sandbox-inbox';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { Button } from '@/components/ui/button';
import {
  advanceClock,
  fetchInbox,
  makePrivate,
  postFromInbox,
  saveSwitches,
} from '../api/sandbox-inbox-api';
import { isProcessing } from '../lib/inbox-status';
import { FailureSwitches } from './failure-switches';
import { InboxItemCard } from './inbox-item-card';

const message = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : 'Something went wrong. Try again.';

/**
 * The built-in TikTok sandbox's inbox (`/tiktok-sandbox`, decision 025): what each of the
 * signed-in seller's test accounts received, a Post button that plays the account posting a
 * draft, and switches that make the account's next calls fail the ways TikTok documents.
 */
export const SandboxInboxPage = () => {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.tiktokSandboxInbox,
    queryFn: ({ signal }) => fetchInbox(signal),
    // While something is downloading or being received, the page follows it.
    refetchInterval: (q) =>
      q.state.data?.accounts.some((a) => a.items.some(isProcessing)) ? 2000 : false,
  });
  const inbox = query.data ?? null;
  const [actionError, setError] = useState<string | null>(null);
  const error = actionError ?? (query.error ? message(query.error) : null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = () => queryClient.invalidateQueries({ queryKey: queryKeys.tiktokSandboxInbox });

  const act = async (item: TSandboxInboxItem, action: (id: string) => Promise<unknown>) => {
    setBusy(item.id);
    try {
      await action(item.id);
      setError(null);
      await load();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(null);
    }
  };

  const letADayPass = async (openId: string) => {
    setBusy(openId);
    try {
      await advanceClock(openId, 24);
      setError(null);
      await load();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(null);
    }
  };

  const changeSwitches = async (openId: string, next: TSandboxSwitches) => {
    setBusy(openId);
    queryClient.setQueryData<TSandboxInbox>(
      queryKeys.tiktokSandboxInbox,
      (current) =>
        current && {
          accounts: current.accounts.map((a) =>
            a.open_id === openId ? { ...a, switches: next } : a,
          ),
        },
    );
    try {
      await saveSwitches(openId, next);
    } catch (e) {
      setError(message(e));
      await load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <header className="space-y-1">
        <p className="w-fit rounded bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900">
          TikTok sandbox · test accounts only
        </p>
        <h1 className="text-2xl font-semibold">TikTok sandbox inbox</h1>
        <p className="text-sm text-muted-foreground">
          What your test accounts received through the Content Posting API.
        </p>
      </header>
      {error && (
        <Alert variant="destructive">
          <AlertTitle>Something went wrong</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {!inbox && !error && <p>Loading…</p>}
      {inbox?.accounts.length === 0 && (
        <p>
          No test accounts yet. Connect TikTok in Hookreel to create one on the sandbox's login
          page.
        </p>
      )}
      {inbox?.accounts.map((account) => (
        <section
          key={account.open_id}
          aria-labelledby={`account-${account.open_id}`}
          className="space-y-3 rounded-lg border p-4"
        >
          <div className="flex items-center gap-3">
            {account.avatar_url && (
              <img src={account.avatar_url} alt="" className="size-10 rounded-full" />
            )}
            <div>
              <h2 id={`account-${account.open_id}`} className="text-lg font-semibold">
                {account.display_name}
              </h2>
              {account.username && (
                <p className="text-sm text-muted-foreground">@{account.username}</p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <Button
              size="sm"
              variant="outline"
              onClick={() => void letADayPass(account.open_id)}
              disabled={busy === account.open_id}
            >
              Let a day pass
            </Button>
            <span className="text-muted-foreground">
              {account.clock_offset_hours > 0
                ? `This account's clock is ${account.clock_offset_hours} hours ahead: posted items show the views they would have by then.`
                : 'Posted items gain views over time, as on TikTok.'}
            </span>
          </div>
          <FailureSwitches
            accountName={account.display_name}
            switches={account.switches}
            onChange={(next) => void changeSwitches(account.open_id, next)}
            disabled={busy === account.open_id}
          />
          {account.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing received yet.</p>
          ) : (
            <ul className="space-y-3" aria-label={`Inbox of ${account.display_name}`}>
              {account.items.map((item) => (
                <InboxItemCard
                  key={item.id}
                  item={item}
                  onPost={(i) => void act(i, postFromInbox)}
                  onMakePrivate={(i) => void act(i, makePrivate)}
                  posting={busy === item.id}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </main>
  );
};
