import { describe, expect, it } from 'vitest';
import { formatStreetLine } from './street-line.ts';

describe('formatStreetLine', () => {
  it.each([
    ['FR', '12 Rue de la Paix'],
    ['BE', '12 Rue de la Paix'],
    ['GB', '12 Rue de la Paix'],
    ['us', '12 Rue de la Paix'],
  ])('When the country is %s, then the number comes first', (country, expected) => {
    expect(formatStreetLine('12', 'Rue de la Paix', country)).toBe(expected);
  });

  it.each([
    ['DE', 'Hauptstraße 5'],
    ['NL', 'Hauptstraße 5'],
    ['IT', 'Hauptstraße 5'],
    ['', 'Hauptstraße 5'],
  ])('When the country is "%s", then the number follows the street', (country, expected) => {
    expect(formatStreetLine('5', 'Hauptstraße', country)).toBe(expected);
  });

  it('When the number or the street is missing, then only the street is kept', () => {
    expect(formatStreetLine('', ' Hauptstraße ', 'DE')).toBe('Hauptstraße');
    expect(formatStreetLine('5', '', 'DE')).toBe('');
  });
});
