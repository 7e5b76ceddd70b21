import { snippetParts } from './episode-search.service';

describe('snippetParts', () => {
  it('splits ts_headline marks into parts that say which words were searched for', () => {
    expect(snippetParts('We spoke of \u0001grace\u0002 and of \u0001faith\u0002.')).toEqual([
      { text: 'We spoke of ', match: false },
      { text: 'grace', match: true },
      { text: ' and of ', match: false },
      { text: 'faith', match: true },
      { text: '.', match: false },
    ]);
  });

  it('joins words found side by side into one mark and keeps text without marks whole', () => {
    expect(snippetParts('How \u0001amazing\u0002 \u0001grace\u0002 is')).toEqual([
      { text: 'How ', match: false },
      { text: 'amazing grace', match: true },
      { text: ' is', match: false },
    ]);
    expect(snippetParts('no marks here')).toEqual([{ text: 'no marks here', match: false }]);
    expect(snippetParts('')).toEqual([]);
  });
});
