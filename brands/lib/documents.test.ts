import { describe, expect, it } from 'vitest';
import { documentBytes, documentPath } from './documents.ts';

const golfy = { slug: 'golfy', name: 'Golfy' };
const texts = { title: 'Conditions d’assurance', notice: 'Document de démonstration' };

describe('brand documents', () => {
  it('When a document is linked, then its path is a PDF of the site per brand, kind and language', () => {
    expect(documentPath(golfy, { kind: 'certificateHoleInOne' }, 'de')).toBe(
      '/documents/golfy/certificate-hole-in-one-de.pdf',
    );
    expect(documentPath({ slug: '' }, { kind: 'conditions' }, 'fr')).toBe('/documents/default/conditions-fr.pdf');
  });

  it('When the brand gives no file, then a demonstration PDF names the brand and the document in Latin-1', () => {
    const pdf = Buffer.from(documentBytes(golfy, { kind: 'conditions' }, texts)).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain("Golfy - Conditions d'assurance");
    expect(pdf).toContain('Document de démonstration');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('When a Polish title has letters outside Latin-1, then they lose their accent instead of breaking the PDF', () => {
    const pdf = Buffer.from(
      documentBytes(golfy, { kind: 'conditions' }, { title: 'Ogólne warunki ubezpieczenia – łódź', notice: 'ż' }),
    ).toString('latin1');
    expect(pdf).toContain('Ogólne warunki ubezpieczenia - lódz');
  });

  it('When the brand names a file that is not there, then the build stops instead of linking to nothing', () => {
    expect(() => documentBytes(golfy, { kind: 'conditions', file: 'absent.pdf' }, texts)).toThrow(
      'brands/documents/golfy/absent.pdf is missing',
    );
  });
});
