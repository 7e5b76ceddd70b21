import { FileUp, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { fileInputClasses, FormField, SelectOptions, textareaClasses } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessage } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format-file-size';
import { useSubmitBookSubmission } from '../api/submit-book-submission';
import { EMPTY_BOOK_SUBMISSION, MANUSCRIPT_ACCEPT, manuscriptProblem, type BookSubmissionValues } from '../book-submission';
import { GENRE_OPTIONS } from '@km/contracts/vocabulary';
import { WORD_COUNT_PATTERN } from '../publishing-inquiry';

type TextKey = 'authorName' | 'email' | 'bookTitle' | 'wordCount' | 'targetAudience' | 'synopsis';

/** Authors send their manuscript (PDF or DOCX, up to 50 MB) for review, with upload progress. */
export function ManuscriptForm() {
  const [values, setValues] = useState<BookSubmissionValues>(EMPTY_BOOK_SUBMISSION);
  const [manuscript, setManuscript] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const submit = useSubmitBookSubmission();

  const set = <K extends keyof BookSubmissionValues>(key: K, value: BookSubmissionValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const problem = file ? manuscriptProblem(file) : null;
    // The browser then refuses to submit and shows the reason at the field.
    input.setCustomValidity(problem ?? '');
    setFileProblem(problem);
    setManuscript(problem ? null : file);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!manuscript) return;
    setProgress(0);
    submit.mutate(
      { values, manuscript, onProgress: setProgress },
      {
        onSuccess: () => {
          setValues(EMPTY_BOOK_SUBMISSION);
          setManuscript(null);
          if (fileRef.current) fileRef.current.value = '';
          toast({
            title: 'Manuscript submitted successfully',
            description: "Thank you for trusting us with your work. We'll review it and reply within 24-48 hours.",
            variant: 'success',
          });
        },
        onError: (error) => {
          toast({
            title: 'Failed to submit manuscript',
            description: serverMessage(error) ?? 'Please try again or contact us directly.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby="submit-manuscript-heading" className="grid gap-4 sm:grid-cols-2">
      <FormField label="Author name" required>
        {({ id }) => <input id={id} {...text('authorName')} required autoComplete="name" maxLength={200} className={inputClasses} />}
      </FormField>
      <FormField label="Email" required>
        {({ id }) => <input id={id} {...text('email')} type="email" required autoComplete="email" maxLength={254} className={inputClasses} />}
      </FormField>
      <FormField label="Book title" required>
        {({ id }) => <input id={id} {...text('bookTitle')} required maxLength={200} className={inputClasses} />}
      </FormField>
      <FormField label="Genre" required>
        {({ id }) => (
          <select
            id={id}
            name="genre"
            required
            value={values.genre}
            onChange={(event) => set('genre', event.currentTarget.value as BookSubmissionValues['genre'])}
            className={inputClasses}
          >
            <SelectOptions options={GENRE_OPTIONS} placeholder="Select a genre" />
          </select>
        )}
      </FormField>
      <FormField label="Word count" required>
        {({ id }) => (
          <input
            id={id}
            {...text('wordCount')}
            required
            inputMode="numeric"
            pattern={WORD_COUNT_PATTERN}
            title="A whole number, e.g. 45000 or 45,000"
            maxLength={12}
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField label="Target audience" required hint="e.g. young adults, new believers, church leaders">
        {({ id, describedBy }) => (
          <input id={id} {...text('targetAudience')} required maxLength={500} aria-describedby={describedBy} className={inputClasses} />
        )}
      </FormField>
      <FormField label="Synopsis" required className="sm:col-span-2">
        {({ id }) => <textarea id={id} {...text('synopsis')} required rows={6} maxLength={10000} className={textareaClasses} />}
      </FormField>
      <FormField
        label="Manuscript"
        required
        className="sm:col-span-2"
        hint={manuscript ? `${manuscript.name} (${formatFileSize(manuscript.size)})` : 'PDF or Word (.docx), up to 50 MB.'}
        error={fileProblem}
      >
        {({ id, describedBy, invalid }) => (
          <input
            ref={fileRef}
            id={id}
            name="manuscript"
            type="file"
            required
            accept={MANUSCRIPT_ACCEPT}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={handleFile}
            className={fileInputClasses}
          />
        )}
      </FormField>

      <div className="grid gap-3 sm:col-span-2">
        {submit.isPending && <ProgressBar value={progress} label={progress < 100 ? 'Uploading manuscript' : 'Finishing up'} />}
        <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto sm:justify-self-start">
          {submit.isPending ? <Upload className="size-4" aria-hidden /> : <FileUp className="size-4" aria-hidden />}
          {submit.isPending ? 'Uploading...' : 'Submit Manuscript'}
        </Button>
        <p className="text-sm text-slate-600">Your manuscript is seen only by our publishing team. We reply within 24-48 hours.</p>
      </div>
    </form>
  );
}
