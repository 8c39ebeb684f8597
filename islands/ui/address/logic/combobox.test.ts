import { describe, expect, it } from 'vitest';
import { comboboxKeyAction, describeResults, isSearchable, nextActiveIndex } from './combobox.ts';

const LABELS = {
  listbox: 'Adresses suggérées',
  results: '{{count}} adresses suggérées',
  noResults: 'Aucune adresse suggérée',
};

describe('isSearchable', () => {
  it('When fewer than 3 characters are typed (blanks aside), then there is no search', () => {
    expect(isSearchable('12')).toBe(false);
    expect(isSearchable(' 12  ')).toBe(false);
    expect(isSearchable('12 ')).toBe(false);
  });
  it('When 3 characters are typed, then a search starts', () => {
    expect(isSearchable('12 r')).toBe(true);
    expect(isSearchable('rue')).toBe(true);
  });
});

describe('describeResults', () => {
  it('When suggestions arrive, then their number is announced', () => {
    expect(describeResults(LABELS, 4)).toBe('4 adresses suggérées');
  });
  it('When nothing is found, then that is announced', () => {
    expect(describeResults(LABELS, 0)).toBe('Aucune adresse suggérée');
  });
});

describe('nextActiveIndex', () => {
  it('When nothing is highlighted, then ArrowDown goes to the first option and ArrowUp to the last', () => {
    expect(nextActiveIndex(-1, 4, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(-1, 4, 'ArrowUp')).toBe(3);
  });
  it('When an option is highlighted, then the arrows move by one', () => {
    expect(nextActiveIndex(1, 4, 'ArrowDown')).toBe(2);
    expect(nextActiveIndex(1, 4, 'ArrowUp')).toBe(0);
  });
  it('When the highlight is at an end, then it wraps to the other end', () => {
    expect(nextActiveIndex(3, 4, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(0, 4, 'ArrowUp')).toBe(3);
  });
  it('When the list shrank under the highlight, then the highlight lands inside it', () => {
    expect(nextActiveIndex(4, 2, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(4, 2, 'ArrowUp')).toBe(1);
  });
  it('When there are no options, then nothing is highlighted', () => {
    expect(nextActiveIndex(-1, 0, 'ArrowDown')).toBe(-1);
    expect(nextActiveIndex(2, 0, 'ArrowUp')).toBe(-1);
  });
});

describe('comboboxKeyAction', () => {
  const closed = { open: false, activeIndex: -1, count: 3 };
  const openNone = { open: true, activeIndex: -1, count: 3 };
  const openSecond = { open: true, activeIndex: 1, count: 3 };

  it('When the list is closed and holds suggestions, then ArrowDown opens it on the first and ArrowUp on the last', () => {
    expect(comboboxKeyAction('ArrowDown', false, closed)).toEqual({ kind: 'highlight', index: 0 });
    expect(comboboxKeyAction('ArrowUp', false, closed)).toEqual({ kind: 'highlight', index: 2 });
  });
  it('When the list was closed on a highlight, then reopening starts afresh', () => {
    expect(comboboxKeyAction('ArrowDown', false, { ...openSecond, open: false })).toEqual({
      kind: 'highlight',
      index: 0,
    });
  });
  it('When the list is open, then the arrows move the highlight', () => {
    expect(comboboxKeyAction('ArrowDown', false, openSecond)).toEqual({ kind: 'highlight', index: 2 });
    expect(comboboxKeyAction('ArrowUp', false, openSecond)).toEqual({ kind: 'highlight', index: 0 });
  });
  it('When Alt is held, then ArrowDown shows the list without highlighting and ArrowUp hides it', () => {
    expect(comboboxKeyAction('ArrowDown', true, closed)).toEqual({ kind: 'highlight', index: -1 });
    expect(comboboxKeyAction('ArrowUp', true, openSecond)).toEqual({ kind: 'close', keepDefault: false });
  });
  it('When there are no suggestions, then the arrows are left to the input', () => {
    expect(comboboxKeyAction('ArrowDown', false, { open: false, activeIndex: -1, count: 0 })).toEqual({ kind: 'none' });
  });
  it('When an option is highlighted, then Enter picks it instead of submitting the form', () => {
    expect(comboboxKeyAction('Enter', false, openSecond)).toEqual({ kind: 'pick', index: 1 });
  });
  it('When the list is open with nothing highlighted, then Enter closes it and still submits', () => {
    expect(comboboxKeyAction('Enter', false, openNone)).toEqual({ kind: 'close', keepDefault: true });
  });
  it('When the list is closed, then Enter is the form’s', () => {
    expect(comboboxKeyAction('Enter', false, closed)).toEqual({ kind: 'none' });
  });
  it('When the list is open, then Escape closes it and nothing else', () => {
    expect(comboboxKeyAction('Escape', false, openSecond)).toEqual({ kind: 'close', keepDefault: false });
  });
  it('When the list is closed, then Escape leaves the text typed alone', () => {
    expect(comboboxKeyAction('Escape', false, closed)).toEqual({ kind: 'none' });
  });
  it('When Tab is pressed on an open list, then the list closes and focus moves on', () => {
    expect(comboboxKeyAction('Tab', false, openSecond)).toEqual({ kind: 'close', keepDefault: true });
  });
  it('When another key is pressed, then it is the input’s', () => {
    expect(comboboxKeyAction('Home', false, openSecond)).toEqual({ kind: 'none' });
    expect(comboboxKeyAction('a', false, openSecond)).toEqual({ kind: 'none' });
  });
});
