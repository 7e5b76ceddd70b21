import { bookSubmissionFieldsSchema, GENRES, MANUSCRIPT_PREFIX, type BookSubmissionFields } from '@km/contracts';
import { fieldIssues, invalidFields } from '@km/nest-kit';
import { manuscriptUploadPolicy, type MultipartForm, type ReceivedFile } from '@km/nest-kit/storage';

export const MANUSCRIPT_POLICY = manuscriptUploadPolicy(MANUSCRIPT_PREFIX);

/** The text fields of the submission form, validated, and its manuscript; every problem is named in one 400. */
export function parseBookSubmissionForm(form: MultipartForm): { fields: BookSubmissionFields; manuscript: ReceivedFile } {
  const result = bookSubmissionFieldsSchema.safeParse(form.fields);
  const issues = result.success ? [] : fieldIssues(result.error);
  const manuscript: ReceivedFile | undefined = form.files.manuscript;
  if (!manuscript) issues.push({ field: 'manuscript', message: 'manuscript is required: attach your manuscript as a PDF or DOCX file' });
  if (!result.success || !manuscript || issues.length > 0) throw invalidFields(issues);
  return { fields: result.data, manuscript };
}

/** The multipart body as OpenAPI describes it. */
export const bookSubmissionFormSchema = {
  type: 'object',
  required: ['authorName', 'email', 'bookTitle', 'genre', 'wordCount', 'targetAudience', 'synopsis', 'manuscript'],
  properties: {
    authorName: { type: 'string', maxLength: 200 },
    email: { type: 'string', format: 'email' },
    bookTitle: { type: 'string', maxLength: 200 },
    genre: { type: 'string', enum: [...GENRES] },
    wordCount: { type: 'string', pattern: '^(\\d+|\\d{1,3}(,\\d{3})+)$', example: '42000' },
    targetAudience: { type: 'string', maxLength: 500 },
    synopsis: { type: 'string', maxLength: 10000 },
    manuscript: { type: 'string', format: 'binary', description: 'PDF or DOCX (checked from its content, not its name), at most 50 MB.' },
  },
};
