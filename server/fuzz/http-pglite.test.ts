import { describeHttpFuzz } from './http-suite.ts';

/** Generated hostile HTTP input on the embedded database (see http-suite.ts). */
describeHttpFuzz('pglite');
