import { BookPlus } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { fileInputClasses, FormField, textareaClasses } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessage } from '@/lib/api-client';
import { useCreateBookProduct } from '../api/create-book-product';
import { BOOK_CATEGORY, COVER_TYPES, coverProblem } from '../book-product';

/**
 * Admin only, behind FEATURES.addBook: lists a book in the store as a product of the Books category
 * (ARCHITECTURE §10). The form remounts after each success, which clears every field and file.
 */
export function AddBookForm() {
  const [version, setVersion] = useState(0);
  return <AddBookFormFields key={version} onAdded={() => setVersion((v) => v + 1)} />;
}

function AddBookFormFields({ onAdded }: { onAdded: () => void }) {
  const [cover, setCover] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const create = useCreateBookProduct();

  function handleCover(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const issue = file ? coverProblem(file) : null;
    input.setCustomValidity(issue ?? '');
    setProblem(issue);
    setCover(issue ? null : file);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setProgress(0);
    create.mutate(
      {
        values: { title: text('title'), author: text('author'), price: text('price'), description: text('description'), cover },
        onProgress: setProgress,
      },
      {
        onSuccess: (product) => {
          toast({
            title: 'Book added successfully',
            description: `“${product.name}” is now in the store under ${BOOK_CATEGORY}.`,
            variant: 'success',
          });
          onAdded();
        },
        onError: (error) => {
          toast({
            title: 'Failed to add book',
            description: serverMessage(error) ?? 'Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <section aria-labelledby="add-book-heading" className="rounded-xl border border-amber-200 bg-amber-50/60 p-5 shadow-sm sm:p-8">
      <h2 id="add-book-heading" className="flex items-center gap-2 font-serif text-2xl font-bold text-indigo-950">
        <BookPlus className="size-6 text-amber-700" aria-hidden />
        Add New Book
      </h2>
      <p className="mt-1 mb-6 text-sm text-slate-600">Admins only: the book is listed in the store under {BOOK_CATEGORY} at once.</p>

      <form onSubmit={handleSubmit} aria-labelledby="add-book-heading" className="grid gap-4 sm:grid-cols-2">
        <FormField label="Title" required>
          {({ id }) => <input id={id} name="title" required maxLength={200} className={inputClasses} />}
        </FormField>
        <FormField label="Author" required>
          {({ id }) => <input id={id} name="author" required maxLength={200} className={inputClasses} />}
        </FormField>
        <FormField label="Price (USD)" required>
          {({ id }) => <input id={id} name="price" type="number" inputMode="decimal" min="0" step="0.01" required className={inputClasses} />}
        </FormField>
        <FormField label="Category" required>
          {({ id }) => (
            <select id={id} name="category" required defaultValue={BOOK_CATEGORY} className={inputClasses}>
              <option value={BOOK_CATEGORY}>{BOOK_CATEGORY}</option>
            </select>
          )}
        </FormField>
        <FormField label="Description" required className="sm:col-span-2">
          {({ id }) => <textarea id={id} name="description" required rows={4} maxLength={4800} className={textareaClasses} />}
        </FormField>
        <FormField label="Cover image" required hint="JPG, PNG or WEBP, up to 10 MB. 400×600 works best." error={problem}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="cover"
              type="file"
              required
              accept={COVER_TYPES.join(',')}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={handleCover}
              className={fileInputClasses}
            />
          )}
        </FormField>
        <FormField
          label="Book file"
          hint="Optional, for your records: the store sells the book as a product and does not deliver files yet, so this file is not uploaded."
        >
          {({ id, describedBy }) => (
            <input id={id} name="bookFile" type="file" accept=".pdf,.epub,.docx" aria-describedby={describedBy} className={fileInputClasses} />
          )}
        </FormField>

        <div className="grid gap-3 sm:col-span-2">
          {create.isPending && <ProgressBar value={progress} label={progress < 100 ? 'Uploading cover' : 'Saving'} />}
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:justify-self-start">
            <BookPlus className="size-4" aria-hidden />
            {create.isPending ? 'Adding Book...' : 'Add Book'}
          </Button>
        </div>
      </form>
    </section>
  );
}
