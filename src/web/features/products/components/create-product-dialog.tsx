import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { ProductFields } from '@/components/product-form/product-fields';

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
      <ProductFields
        name={name}
        onNameChange={setName}
        description={description}
        onDescriptionChange={setDescription}
        onFilesChange={setFiles}
        disabled={isSubmitting}
      />
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

/**
 * "Create Product" (docs/product/products.md rule 1): Name, Description with its guide, Images (up
 * to 5).
 */
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
