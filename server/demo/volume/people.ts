import type { Language } from '../../../contracts/languages.ts';
import type { Random } from '../random.ts';

/**
 * Made-up people of the generated demo claims, per language: common first and last names of the
 * language's countries combined at random, streets and towns of those countries, example.org-style
 * addresses (RFC 2606 domains, never a real mailbox) and phone numbers of the country's format.
 * Nobody real: a name and a town are drawn apart, and the street number is random.
 */

export interface DemoPerson {
  nom: string;
  prenom: string;
  email: string;
  adresse: string;
  cp: string;
  ville: string;
  /** A country id of content/countries.ts (ISO 3166-1 numeric). */
  pays: number;
  /** Digits only. */
  telephone: string;
}

interface LanguagePeople {
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** Street names; the number is placed before (`before`) or after them. */
  streets: readonly string[];
  numberFirst: boolean;
  /** Town, postcode pattern (`9` a digit), country id. */
  towns: readonly (readonly [town: string, postcode: string, country: number])[];
  /** Phone: country prefix and how many digits follow. */
  phone: readonly [prefix: string, digits: number];
}

const PEOPLE: Record<Language, LanguagePeople> = {
  fr: {
    firstNames: [
      'Camille',
      'Julien',
      'Léa',
      'Thomas',
      'Manon',
      'Nicolas',
      'Chloé',
      'Antoine',
      'Inès',
      'Mathieu',
      'Sarah',
      'Hugo',
      'Pauline',
      'Romain',
      'Émilie',
      'Quentin',
      'Aurélie',
      'Baptiste',
      'Margaux',
      'Damien',
    ],
    lastNames: [
      'Martin',
      'Bernard',
      'Dubois',
      'Thomas',
      'Robert',
      'Richard',
      'Petit',
      'Durand',
      'Leroy',
      'Moreau',
      'Simon',
      'Laurent',
      'Lefèvre',
      'Michel',
      'Garcia',
      'David',
      'Bertrand',
      'Roux',
      'Vincent',
      'Fournier',
      'Morel',
      'Girard',
      'André',
      'Mercier',
      'Dupont',
      'Lambert',
      'Bonnet',
      'François',
      'Martinez',
      'Legrand',
    ],
    streets: [
      'rue des Lilas',
      'avenue de la République',
      'rue Victor Hugo',
      'boulevard Gambetta',
      'rue du Moulin',
      'place de l’Église',
      'rue Pasteur',
      'chemin des Vignes',
      'rue Jean Jaurès',
      'allée des Tilleuls',
    ],
    numberFirst: true,
    towns: [
      ['Nantes', '44999', 250],
      ['Lyon', '69999', 250],
      ['Toulouse', '31999', 250],
      ['Lille', '59999', 250],
      ['Rennes', '35999', 250],
      ['Bordeaux', '33999', 250],
      ['Strasbourg', '67999', 250],
      ['Montpellier', '34999', 250],
      ['Tours', '37999', 250],
      ['Angers', '49999', 250],
      ['Genève', '1299', 756],
      ['Liège', '4999', 56],
    ],
    phone: ['06', 8],
  },
  en: {
    firstNames: [
      'Oliver',
      'Amelia',
      'George',
      'Isla',
      'Harry',
      'Ava',
      'Jack',
      'Mia',
      'Charlie',
      'Grace',
      'Thomas',
      'Emily',
      'James',
      'Sophie',
      'William',
      'Lucy',
    ],
    lastNames: [
      'Smith',
      'Jones',
      'Taylor',
      'Brown',
      'Williams',
      'Wilson',
      'Johnson',
      'Davies',
      'Evans',
      'Walker',
      'Wright',
      'Thompson',
      'Hughes',
      'Edwards',
      'Green',
      'Hall',
    ],
    streets: [
      'High Street',
      'Station Road',
      'Church Lane',
      'Park Avenue',
      'Victoria Road',
      'Mill Lane',
      'Queen Street',
      'Manor Road',
    ],
    numberFirst: true,
    towns: [
      ['Bristol', 'BS9 9AA', 826],
      ['Leeds', 'LS9 9AB', 826],
      ['York', 'YO9 9AD', 826],
      ['Bath', 'BA9 9AE', 826],
      ['Norwich', 'NR9 9AF', 826],
      ['Dublin', 'D09 A999', 372],
    ],
    phone: ['447', 9],
  },
  de: {
    firstNames: [
      'Lukas',
      'Anna',
      'Felix',
      'Lena',
      'Jonas',
      'Marie',
      'Paul',
      'Sophie',
      'Leon',
      'Laura',
      'Maximilian',
      'Hannah',
      'Tobias',
      'Julia',
    ],
    lastNames: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Meyer',
      'Wagner',
      'Becker',
      'Schulz',
      'Hoffmann',
      'Koch',
      'Richter',
      'Klein',
      'Wolf',
    ],
    streets: [
      'Hauptstraße',
      'Bahnhofstraße',
      'Gartenstraße',
      'Schulstraße',
      'Lindenweg',
      'Bergstraße',
      'Kirchgasse',
      'Rosenweg',
    ],
    numberFirst: false,
    towns: [
      ['Köln', '50999', 276],
      ['Freiburg', '79999', 276],
      ['Leipzig', '04999', 276],
      ['Münster', '48999', 276],
      ['Mainz', '55999', 276],
      ['Graz', '8999', 40],
      ['Basel', '4999', 756],
    ],
    phone: ['4915', 9],
  },
  es: {
    firstNames: [
      'Lucía',
      'Pablo',
      'María',
      'Javier',
      'Carmen',
      'Diego',
      'Elena',
      'Álvaro',
      'Sara',
      'Daniel',
      'Marta',
      'Sergio',
    ],
    lastNames: [
      'García',
      'Fernández',
      'González',
      'Rodríguez',
      'López',
      'Martínez',
      'Sánchez',
      'Pérez',
      'Gómez',
      'Ruiz',
      'Díaz',
      'Moreno',
    ],
    streets: [
      'Calle Mayor',
      'Calle del Sol',
      'Avenida de la Constitución',
      'Calle Real',
      'Paseo del Prado',
      'Calle de la Luna',
    ],
    numberFirst: false,
    towns: [
      ['Sevilla', '41999', 724],
      ['Valencia', '46999', 724],
      ['Zaragoza', '50999', 724],
      ['Bilbao', '48999', 724],
      ['Granada', '18999', 724],
    ],
    phone: ['346', 8],
  },
  it: {
    firstNames: [
      'Giulia',
      'Marco',
      'Francesca',
      'Luca',
      'Chiara',
      'Matteo',
      'Sara',
      'Alessandro',
      'Elena',
      'Davide',
      'Valentina',
      'Simone',
    ],
    lastNames: [
      'Rossi',
      'Russo',
      'Ferrari',
      'Esposito',
      'Bianchi',
      'Romano',
      'Colombo',
      'Ricci',
      'Marino',
      'Greco',
      'Bruno',
      'Gallo',
    ],
    streets: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Mazzini', 'Via Dante', 'Piazza della Libertà'],
    numberFirst: false,
    towns: [
      ['Torino', '10199', 380],
      ['Bologna', '40199', 380],
      ['Firenze', '50199', 380],
      ['Verona', '37199', 380],
      ['Genova', '16199', 380],
    ],
    phone: ['393', 9],
  },
  nl: {
    firstNames: ['Daan', 'Emma', 'Sem', 'Julia', 'Lucas', 'Tess', 'Bram', 'Sophie', 'Thijs', 'Fleur', 'Ruben', 'Anouk'],
    lastNames: [
      'de Jong',
      'Jansen',
      'de Vries',
      'van den Berg',
      'Bakker',
      'Visser',
      'Smit',
      'Meijer',
      'de Boer',
      'Mulder',
      'Peeters',
      'Maes',
    ],
    streets: ['Kerkstraat', 'Dorpsstraat', 'Molenweg', 'Schoolstraat', 'Stationsplein', 'Lindelaan'],
    numberFirst: false,
    towns: [
      ['Utrecht', '3599 AA', 528],
      ['Haarlem', '2099 AB', 528],
      ['Groningen', '9799 AC', 528],
      ['Eindhoven', '5699 AD', 528],
      ['Gent', '9099', 56],
      ['Antwerpen', '2099', 56],
    ],
    phone: ['316', 8],
  },
  pl: {
    firstNames: ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Magdalena', 'Paweł', 'Agnieszka', 'Michał', 'Zofia', 'Jakub'],
    lastNames: [
      'Nowak',
      'Kowalski',
      'Wiśniewski',
      'Wójcik',
      'Kamiński',
      'Lewandowski',
      'Zieliński',
      'Szymański',
      'Dąbrowski',
      'Kozłowski',
    ],
    streets: ['ul. Długa', 'ul. Polna', 'ul. Leśna', 'ul. Słoneczna', 'ul. Kwiatowa', 'ul. Ogrodowa'],
    numberFirst: false,
    towns: [
      ['Kraków', '30-999', 616],
      ['Gdańsk', '80-999', 616],
      ['Wrocław', '50-999', 616],
      ['Poznań', '60-999', 616],
    ],
    phone: ['485', 8],
  },
  da: {
    firstNames: ['Mads', 'Freja', 'Emil', 'Ida', 'Oliver', 'Clara', 'Noah', 'Sofie', 'Magnus', 'Karla'],
    lastNames: [
      'Nielsen',
      'Jensen',
      'Hansen',
      'Pedersen',
      'Andersen',
      'Christensen',
      'Larsen',
      'Sørensen',
      'Rasmussen',
      'Jørgensen',
    ],
    streets: ['Skolegade', 'Kirkevej', 'Møllevej', 'Strandvejen', 'Søndergade', 'Vestergade'],
    numberFirst: false,
    towns: [
      ['Aarhus C', '8999', 208],
      ['Odense C', '5999', 208],
      ['Aalborg', '9999', 208],
      ['Roskilde', '4999', 208],
    ],
    phone: ['452', 7],
  },
  pt: {
    firstNames: ['Inês', 'João', 'Beatriz', 'Tiago', 'Mariana', 'Rui', 'Catarina', 'Miguel', 'Ana', 'Pedro'],
    lastNames: [
      'Silva',
      'Santos',
      'Ferreira',
      'Pereira',
      'Oliveira',
      'Costa',
      'Rodrigues',
      'Martins',
      'Sousa',
      'Gomes',
    ],
    streets: ['Rua da Liberdade', 'Avenida da República', 'Rua do Comércio', 'Rua das Flores', 'Travessa do Carmo'],
    numberFirst: false,
    towns: [
      ['Porto', '4099-999', 620],
      ['Lisboa', '1199-999', 620],
      ['Braga', '4799-999', 620],
      ['Coimbra', '3099-999', 620],
    ],
    phone: ['3519', 8],
  },
};

/** Example domains (RFC 2606): mail to them goes nowhere. */
const MAIL_DOMAINS = ['example.org', 'example.com', 'example.net'] as const;

function digits(random: Random, count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) out += String(random.between(0, 9));
  return out;
}

/** Letters of a name for an e-mail's local part: accents dropped, spaces and apostrophes removed. */
function mailPart(name: string): string {
  return name
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .replaceAll('ł', 'l')
    .replaceAll('Ł', 'L')
    .replaceAll('ø', 'o')
    .replaceAll(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** A made-up person writing in `lang`. */
export function drawPerson(random: Random, lang: Language): DemoPerson {
  const people = PEOPLE[lang];
  const prenom = random.pick(people.firstNames);
  const lastName = random.pick(people.lastNames);
  const [ville, postcode, pays] = random.pick(people.towns);
  const street = random.pick(people.streets);
  const number = String(random.between(1, 120));
  const [prefix, count] = people.phone;
  const separator = random.pick(['.', '-', '']);
  const suffix = random.chance(0.3) ? String(random.between(1, 99)) : '';
  return {
    nom: lastName.toUpperCase(),
    prenom,
    email: `${mailPart(prenom)}${separator}${mailPart(lastName)}${suffix}@${random.pick(MAIL_DOMAINS)}`,
    adresse: people.numberFirst ? `${number} ${street}` : `${street} ${number}`,
    cp: postcode.replaceAll('9', () => String(random.between(0, 9))),
    ville,
    pays,
    telephone: `${prefix}${digits(random, count)}`,
  };
}

export { digits as randomDigits };
