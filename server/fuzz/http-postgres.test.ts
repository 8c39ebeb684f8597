import { describeHttpFuzz } from './http-suite.ts';

/** Generated hostile HTTP input on a PostgreSQL server (see http-suite.ts). */
describeHttpFuzz('postgres');
