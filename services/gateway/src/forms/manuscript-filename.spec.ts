import assert from 'node:assert/strict';
import { manuscriptFilename } from './manuscript-filename';

test('a plain name with the right extension is kept as sent', () => {
  assert.equal(manuscriptFilename('The Narrow Road.pdf', 'pdf'), 'The Narrow Road.pdf');
  assert.equal(manuscriptFilename('Draft.DOCX', 'docx'), 'Draft.DOCX');
  assert.equal(manuscriptFilename('Grâce – chapitre 1.docx', 'docx'), 'Grâce – chapitre 1.docx');
});

test('a path keeps only its last segment', () => {
  assert.equal(manuscriptFilename('C:\\fakepath\\book.pdf', 'pdf'), 'book.pdf');
  assert.equal(manuscriptFilename('../../etc/book.pdf', 'pdf'), 'book.pdf');
});

test('the real extension is added when the name says something else', () => {
  assert.equal(manuscriptFilename('book.txt', 'pdf'), 'book.txt.pdf');
  assert.equal(manuscriptFilename('book', 'docx'), 'book.docx');
});

test('control and direction characters are removed', () => {
  assert.equal(manuscriptFilename('report\u202Efdp.exe', 'pdf'), 'reportfdp.exe.pdf');
  assert.equal(manuscriptFilename('two\r\nlines.pdf', 'pdf'), 'twolines.pdf');
});

test('an empty or dot name becomes "manuscript", and long names are cut keeping the extension', () => {
  assert.equal(manuscriptFilename('', 'pdf'), 'manuscript.pdf');
  assert.equal(manuscriptFilename('..', 'docx'), 'manuscript.docx');
  const long = manuscriptFilename(`${'a'.repeat(300)}.pdf`, 'pdf');
  assert.equal(long.length, 200);
  assert.ok(long.endsWith('a.pdf'));
});
