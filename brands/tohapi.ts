import { defineBrand } from './lib/schema.ts';

export default defineBrand({
  name: 'Tohapi',
  logo: 'tohapi.svg',
  theme: { primary: '#a23b72', onPrimary: '#ffffff', primaryDark: '#782c54', accent: '#8cc63f', tint: '#f8eff4' },
  support: [
    { line: 'FR', phone: '+33 1 84 88 40 10' },
    { line: 'ES', phone: '+34 910 60 72 48' },
    { line: 'PT', phone: '+351 308 80 45 12' },
    { line: 'DE', phone: '+49 30 3119 8752' },
    { line: 'NL', phone: '+31 20 808 41 67' },
    { line: 'DK', phone: '+45 78 77 52 31' },
    { line: 'EN', phone: '+44 20 3769 1184' },
  ],
  declaration: { forcedClientId: 4675 },
});
