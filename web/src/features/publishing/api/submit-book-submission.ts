import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { toBookSubmissionFormData, type BookSubmissionValues } from '../book-submission';

export interface SubmitBookVariables {
  values: BookSubmissionValues;
  manuscript: File;
  onProgress?: (percent: number) => void;
}

/** Multipart, through XMLHttpRequest so the page can show how much of the manuscript has gone out. */
export async function submitBookSubmission({ values, manuscript, onProgress }: SubmitBookVariables): Promise<void> {
  await uploadWithProgress({
    method: 'POST',
    url: '/api/book-submissions',
    body: toBookSubmissionFormData(values, manuscript),
    onProgress,
  });
}

export const useSubmitBookSubmission = () => useMutation({ mutationFn: submitBookSubmission });
