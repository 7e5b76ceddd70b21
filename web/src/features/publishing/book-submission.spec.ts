import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_BOOK_SUBMISSION, MANUSCRIPT_MAX_BYTES, manuscriptProblem, toBookSubmissionFormData } from './book-submission';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('manuscriptProblem', () => {
  it('accepts PDF and DOCX up to 50 MB', () => {
    assert.equal(manuscriptProblem({ name: 'book.pdf', type: PDF, size: 1000 }), null);
    assert.equal(manuscriptProblem({ name: 'book.docx', type: DOCX, size: MANUSCRIPT_MAX_BYTES }), null);
  });

  it('trusts the extension when the browser does not know the type', () => {
    assert.equal(manuscriptProblem({ name: 'Book.DOCX', type: '', size: 10 }), null);
  });

  it('refuses other types, empty files and files over 50 MB', () => {
    assert.match(manuscriptProblem({ name: 'book.txt', type: 'text/plain', size: 10 }) ?? '', /PDF or Word/);
    assert.match(manuscriptProblem({ name: 'book.doc', type: 'application/msword', size: 10 }) ?? '', /PDF or Word/);
    assert.match(manuscriptProblem({ name: 'book.pdf', type: PDF, size: 0 }) ?? '', /empty/);
    assert.match(manuscriptProblem({ name: 'book.pdf', type: PDF, size: MANUSCRIPT_MAX_BYTES + 1 }) ?? '', /50 MB/);
  });
});

describe('toBookSubmissionFormData', () => {
  it('sends every text field trimmed, the word count as digits and the file last', () => {
    const file = new File(['%PDF-1.4'], 'draft.pdf', { type: PDF });
    const form = toBookSubmissionFormData(
      {
        ...EMPTY_BOOK_SUBMISSION,
        authorName: ' Phoebe ',
        email: 'phoebe@example.com',
        bookTitle: 'Servant Leaders',
        genre: 'ministry',
        wordCount: '48,000',
        targetAudience: 'Deacons',
        synopsis: 'A study.',
      },
      file,
    );
    assert.deepEqual([...form.keys()], ['authorName', 'email', 'bookTitle', 'genre', 'wordCount', 'targetAudience', 'synopsis', 'manuscript']);
    assert.equal(form.get('authorName'), 'Phoebe');
    assert.equal(form.get('wordCount'), '48000');
    const sent = form.get('manuscript');
    assert.ok(sent instanceof File);
    assert.equal(sent.name, 'draft.pdf');
  });
});
