import { firstFree, slugOf } from './slug';

describe('an item slug', () => {
  it('is the name in lower-case words joined by hyphens', () => {
    expect(slugOf('Grace Study Bible')).toBe('grace-study-bible');
    expect(slugOf('  Faith & Works: A Devotional (2nd ed.) ')).toBe('faith-works-a-devotional-2nd-ed');
  });

  it('drops accents and any other character', () => {
    expect(slugOf('Crème Brûlée — Psalms ✝')).toBe('creme-brulee-psalms');
  });

  it('is "item" when the name has no letter or digit', () => {
    expect(slugOf('✝ ✝ ✝')).toBe('item');
  });

  it('is at most 80 characters and never ends in a hyphen', () => {
    const slug = slugOf(`${'a'.repeat(79)} bcd`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugOf('word '.repeat(40)).length).toBeLessThanOrEqual(80);
    expect(slugOf('word '.repeat(40)).endsWith('-')).toBe(false);
  });

  it('never has the shape of an id', () => {
    expect(slugOf('123e4567-e89b-12d3-a456-426614174000')).toBe('item-123e4567-e89b-12d3-a456-426614174000');
  });

  it('takes the first free number after the base when the base is taken', () => {
    expect(firstFree('bible', new Set())).toBe('bible');
    expect(firstFree('bible', new Set(['bible']))).toBe('bible-2');
    expect(firstFree('bible', new Set(['bible', 'bible-2', 'bible-3']))).toBe('bible-4');
  });
});
