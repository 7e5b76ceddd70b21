import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { CheckboxField, FormField, fileInputClasses, textareaClasses } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessage } from '@/lib/api-client';
import { useSaveCatalogItem, type CatalogItemInput } from '../api/save-catalog-item';
import { categoriesFor, IMAGE_TYPES, imageProblem, KIND_LABELS, type CatalogItem, type CatalogKind } from '../catalog';

interface CatalogItemFormProps {
  kind: CatalogKind;
  /** The item being edited; null adds a new one. Give the form a key per item so it starts fresh. */
  editing: CatalogItem | null;
  /** Called after a successful update, or when editing is cancelled. */
  onEditEnd: () => void;
}

/** Admin-only: adds an item with POST, or updates the one being edited with PUT (spec §4). */
export function CatalogItemForm({ kind, editing, onEditEnd }: CatalogItemFormProps) {
  const { one } = KIND_LABELS[kind];
  const isEdit = editing !== null;
  const nameRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const save = useSaveCatalogItem();
  const [progress, setProgress] = useState(0);
  const [image, setImage] = useState<File | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);
  // Bumped after each successful add: remounting the form clears every field, the file and its preview.
  const [formVersion, setFormVersion] = useState(0);

  // Editing starts from a card further down; the page scrolls up (Store does that) and the first field
  // takes focus so keyboard users land in the form too. After an add, focus returns there for the next one.
  useEffect(() => {
    if (isEdit || formVersion > 0) nameRef.current?.focus({ preventScroll: true });
  }, [isEdit, formVersion]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const input: CatalogItemInput = {
      name: text('name'),
      price: Number(text('price')).toFixed(2),
      description: text('description'),
      category: text('category'),
      tags: text('tags'),
      inStock: data.get('inStock') === 'on',
      featured: data.get('featured') === 'on',
      ...(kind === 'product'
        ? { stockQuantity: text('stockQuantity'), stockQuantityWas: editing?.stockQuantity != null ? String(editing.stockQuantity) : undefined }
        : {}),
      image,
    };

    setProgress(0);
    setErrorDetail(null);
    save.mutate(
      { kind, id: editing?.id, input, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          toast({
            title: isEdit ? `${one} updated` : `${one} added`,
            description: isEdit ? `Your changes to ${saved.name} are saved.` : `${saved.name} is now in the store.`,
            variant: 'success',
          });
          if (isEdit) {
            onEditEnd();
          } else {
            setImage(null);
            setFormVersion((version) => version + 1);
          }
        },
        onError: (error) => {
          setErrorDetail(serverMessage(error) ?? null);
          toast({
            title: isEdit ? 'Update failed' : 'Upload failed',
            description: 'There was an error adding or updating your product or service.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-200 bg-amber-50/60 p-5 shadow-sm sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-serif text-2xl font-bold text-indigo-950">
            {isEdit ? `Edit ${one}` : `Add New ${one}`}
          </h2>
          <p className="text-sm text-slate-600">
            {isEdit ? `Editing “${editing.name}”.` : `Admins only: new ${one.toLowerCase()}s appear in the store at once.`}
          </p>
        </div>
        {isEdit && (
          <Button variant="ghost" size="sm" onClick={onEditEnd} disabled={save.isPending}>
            <X className="size-4" aria-hidden />
            Cancel edit
          </Button>
        )}
      </div>

      <form key={formVersion} onSubmit={handleSubmit} aria-labelledby={headingId} className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" required>
          {({ id }) => <input ref={nameRef} id={id} name="name" required maxLength={200} defaultValue={editing?.name} className={inputClasses} />}
        </FormField>
        <FormField label="Price (USD)" required>
          {({ id }) => (
            <input id={id} name="price" type="number" inputMode="decimal" step="0.01" min="0" required defaultValue={editing?.price} className={inputClasses} />
          )}
        </FormField>
        <FormField label="Category" required>
          {({ id }) => (
            <select id={id} name="category" required defaultValue={editing?.category ?? ''} className={inputClasses}>
              <option value="" disabled>
                Select a category
              </option>
              {categoriesFor(kind).map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Tags" hint="Separate tags with commas, e.g. faith, gift, prayer">
          {({ id, describedBy }) => (
            <input id={id} name="tags" aria-describedby={describedBy} defaultValue={editing?.tags.join(', ')} className={inputClasses} />
          )}
        </FormField>
        <FormField label="Description" required className="md:col-span-2">
          {({ id }) => (
            <textarea id={id} name="description" required rows={4} maxLength={5000} defaultValue={editing?.description} className={textareaClasses} />
          )}
        </FormField>

        {kind === 'product' && (
          <FormField
            label="Stock quantity"
            hint="Units available to sell; at 0 the store shows Out of Stock. Leave empty when stock is not counted: then In stock below decides."
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                name="stockQuantity"
                type="number"
                inputMode="numeric"
                step="1"
                min="0"
                max="1000000"
                aria-describedby={describedBy}
                defaultValue={editing?.stockQuantity ?? ''}
                className={inputClasses}
              />
            )}
          </FormField>
        )}

        <ImageField required={!isEdit} currentUrl={editing?.imageUrl ?? null} onChange={setImage} />

        <fieldset className="grid content-start gap-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Availability</legend>
          <CheckboxField name="inStock" label={kind === 'product' ? 'In stock' : 'Available'} defaultChecked={editing?.inStock ?? true} />
          <CheckboxField
            name="featured"
            label="Featured"
            description="Marked New in the store; the newest featured product leads the home page."
            defaultChecked={editing?.featured ?? false}
          />
        </fieldset>

        <div className="grid gap-3 md:col-span-2">
          {save.isPending && <ProgressBar value={progress} label={progress < 100 ? 'Uploading' : 'Saving'} />}
          {errorDetail && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {errorDetail}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (isEdit ? 'Updating...' : 'Uploading...') : isEdit ? `Update ${one}` : `Add ${one}`}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

function ImageField({ required, currentUrl, onChange }: { required: boolean; currentUrl: string | null; onChange: (file: File | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A file with an image type that the browser still cannot draw: show the placeholder, not a broken icon.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const issue = file ? imageProblem(file) : null;
    // The browser refuses to submit while the message is set, and shows it.
    input.setCustomValidity(issue ?? '');
    setProblem(issue);
    setPreview(file && !issue ? URL.createObjectURL(file) : null);
    onChange(issue ? null : file);
  }

  const shown = preview ?? currentUrl;
  const hint = required
    ? 'JPG, PNG or WEBP, up to 10 MB. 400×400 or 400×600 works best.'
    : 'Leave empty to keep the current image. JPG, PNG or WEBP, up to 10 MB.';

  return (
    <FormField label="Image" required={required} hint={hint} error={problem}>
      {({ id, describedBy }) => (
        <div className="flex items-center gap-3">
          <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-md border border-slate-200 bg-white text-slate-300">
            {shown && shown !== brokenUrl ? (
              <img src={shown} alt="" onError={() => setBrokenUrl(shown)} className="size-full object-cover" />
            ) : (
              <ImagePlus className="size-6" aria-hidden />
            )}
          </span>
          <input
            id={id}
            name="image"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            required={required}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            onChange={handleChange}
            className={fileInputClasses}
          />
        </div>
      )}
    </FormField>
  );
}
