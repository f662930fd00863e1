import type { TSandboxTestAccount } from '#contract/tiktok-sandbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export const NEW_ACCOUNT = 'new';

type Props = {
  accounts: TSandboxTestAccount[];
  choice: string;
  onChoice: (choice: string) => void;
  displayName: string;
  onDisplayName: (value: string) => void;
  username: string;
  onUsername: (value: string) => void;
  usernameError: string | null;
};

/** The seller's own test accounts as radio options, and one to name a new account. */
export const TestAccountPicker = (props: Props) => (
  <fieldset className="space-y-2">
    <legend className="mb-2 text-sm font-medium">Continue as</legend>
    {props.accounts.map((account) => (
      <label
        key={account.open_id}
        className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-primary"
      >
        <input
          type="radio"
          name="test-account"
          value={account.open_id}
          checked={props.choice === account.open_id}
          onChange={() => props.onChoice(account.open_id)}
        />
        <img src={account.avatar_url} alt="" className="size-9 rounded-full" />
        <span className="flex flex-col font-medium">
          {account.display_name}
          <span className="text-sm font-normal text-muted-foreground">@{account.username}</span>
        </span>
      </label>
    ))}
    <label className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-primary">
      <input
        type="radio"
        name="test-account"
        value={NEW_ACCOUNT}
        checked={props.choice === NEW_ACCOUNT}
        onChange={() => props.onChoice(NEW_ACCOUNT)}
      />
      <span className="font-medium">A new test account</span>
    </label>
    {props.choice === NEW_ACCOUNT && (
      <div className="grid gap-3 rounded-md bg-muted/40 p-3">
        <div className="grid gap-1.5">
          <Label htmlFor="sandbox-display-name">Display name</Label>
          <Input
            id="sandbox-display-name"
            value={props.displayName}
            maxLength={30}
            required
            onChange={(e) => props.onDisplayName(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="sandbox-username">Username</Label>
          <Input
            id="sandbox-username"
            value={props.username}
            maxLength={24}
            required
            aria-invalid={props.usernameError ? true : undefined}
            aria-describedby="sandbox-username-hint"
            onChange={(e) => props.onUsername(e.target.value)}
          />
          <p
            id="sandbox-username-hint"
            className={
              props.usernameError ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
            }
          >
            {props.usernameError ?? '2–24 lower-case letters, digits, dots or underscores'}
          </p>
        </div>
      </div>
    )}
  </fieldset>
);
