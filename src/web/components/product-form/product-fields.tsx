import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ProductImagesField } from './product-images-field';

/**
 * docs/product/products.md rule 1: what a product description should cover, shown under the field.
 */
export const DESCRIPTION_GUIDE = "price, what it does, who it's for";

type ProductFieldsProps = {
  name: string;
  onNameChange: (name: string) => void;
  description: string;
  onDescriptionChange: (description: string) => void;
  onFilesChange: (files: File[]) => void;
  disabled?: boolean;
};

/**
 * Name, Description with its guide, and up to 5 images: the same product form in onboarding
 * (docs/product/dashboard.md rule 4) and in the Products page's "Create Product" dialog
 * (docs/product/products.md rule 1).
 */
export const ProductFields = ({
  name,
  onNameChange,
  description,
  onDescriptionChange,
  onFilesChange,
  disabled = false,
}: ProductFieldsProps) => {
  const nameId = useId();
  const descriptionId = useId();
  const guideId = useId();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
          placeholder="e.g. Glow Vitamin C Serum"
          maxLength={120}
          autoComplete="off"
          required
          disabled={disabled}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          value={description}
          onChange={(e) => onDescriptionChange(e.target.value)}
          aria-describedby={guideId}
          rows={4}
          maxLength={5000}
          disabled={disabled}
        />
        <p id={guideId} className="text-xs text-muted-foreground">
          {DESCRIPTION_GUIDE}
        </p>
      </div>
      <ProductImagesField onChange={onFilesChange} disabled={disabled} />
    </>
  );
};
