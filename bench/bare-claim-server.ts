import express, { type Request, type Response } from 'express';
import pg from 'pg';

/**
 * The claim bench's reference: a bare Express 5 handler that does the least a
 * claim submit writes, one `claims` row, on the same PostgreSQL (DATABASE_URL), with the pool
 * size the portal uses. No validation, no proofs, no token, no mail: the floor the portal's
 * POST sinistres is compared with. Like the portal, it draws the claim number again when the one
 * drawn is taken. Run as its own process, like `node server/index.ts`.
 */

const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 10 });
const app = express();
app.use(express.urlencoded({ extended: false }));

/** dd/mm/yyyy, as the form sends it, to ISO. */
function isoDate(french: string): string {
  const [day, month, year] = french.split('/');
  return `${year}-${month}-${day}`;
}

/** Attempts at the insert: the claim number is drawn at random by the column's default. */
const INSERT_ATTEMPTS = 3;

/** Whether an insert failed on a claim number already taken (drawn again, as the portal does). */
function isTakenNumber(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'claims_numero_unique';
}

app.post('/sinistres', async (request: Request, response: Response) => {
  const body = request.body as Record<string, string>;
  const insert = () =>
    pool.query<{ numero: string }>(
      `insert into claims (souscription_id, contrat_compagnie_id, assure_numero, assure_nom, assure_prenom,
       assure_email, assure_adresse, assure_cp, assure_ville, assure_pays, assure_telephone, sinistre_date,
       motif_id, garantie_id, acquisition_methode, lang, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning numero`,
      [
        Number(body['souscription_id']),
        Number(body['contrat_compagnie_id']),
        body['assure_numero'],
        body['assure_nom'],
        body['assure_prenom'],
        body['assure_email'],
        body['assure_adresse'],
        body['assure_cp'],
        body['assure_ville'],
        body['assure_pays'],
        body['assure_telephone'],
        isoDate(body['sinistre_date'] ?? ''),
        Number(body['motif_id']),
        Number(body['garantie_type']),
        body['acquisition_methode'],
        body['lang'],
        request.get('idempotency-key') ?? null,
      ],
    );
  // Among the hundred thousand claims a bench run writes, about one number in a hundred is drawn
  // twice: without a second draw, those answered 500 and the reference counted fewer claims.
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await insert();
      response.json({ numero_sinistre: result.rows[0]?.numero });
      return;
    } catch (error) {
      if (attempt >= INSERT_ATTEMPTS || !isTakenNumber(error)) throw error;
    }
  }
});

const server = app.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`Bare claim INSERT running at http://localhost:${port}/\n`);
});

process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void pool.end().then(() => process.exit(0)));
});
