import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { DESCRIPTION_GUIDE } from '../lib/product-copy';
import { ProductImagesField } from './product-images-field';

export type CreateProductValues = { name: string; description: string; files: File[] };

type CreateProductDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: CreateProductValues) => void;
  isSubmitting: boolean;
};

const CreateProductForm = ({
  onSubmit,
  onCancel,
  isSubmitting,
}: Pick<CreateProductDialogProps, 'onSubmit' | 'isSubmitting'> & { onCancel: () => void }) => {
  const nameId = useId();
  const descriptionId = useId();
  const guideId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const canSubmit = name.trim().length > 0 && !isSubmitting;

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit({ name: name.trim(), description, files });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Glow Vitamin C Serum"
          maxLength={120}
          autoComplete="off"
          required
          disabled={isSubmitting}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={guideId}
          rows={4}
          maxLength={5000}
          disabled={isSubmitting}
        />
        <p id={guideId} className="text-xs text-muted-foreground">
          {DESCRIPTION_GUIDE}
        </p>
      </div>
      <ProductImagesField onChange={setFiles} disabled={isSubmitting} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {isSubmitting ? 'Creating…' : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  );
};

/** "Create Product" (spec 02 §2.8): Name, Description with its guide, Images (up to 5). */
export const CreateProductDialog = ({
  open,
  onOpenChange,
  onSubmit,
  isSubmitting,
}: CreateProductDialogProps) => (
  <Dialog
    open={open}
    // Stays open while the product is being created, so a half-sent form is never lost.
    onOpenChange={(next) => {
      if (!isSubmitting || next) onOpenChange(next);
    }}
  >
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Create Product</DialogTitle>
        <DialogDescription>
          AI reads your product to suggest hooks, a voice and hashtags.
        </DialogDescription>
      </DialogHeader>
      {/* The content unmounts on close, so each opening starts with an empty form. */}
      <CreateProductForm
        onSubmit={onSubmit}
        onCancel={() => onOpenChange(false)}
        isSubmitting={isSubmitting}
      />
    </DialogContent>
  </Dialog>
);
