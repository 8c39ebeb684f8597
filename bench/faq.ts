import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../contracts/languages.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { faqEntries } from '../server/db/schema.ts';
import { FAQ_ENTRIES, KNOWLEDGE_DOCUMENTS } from '../content/faq.ts';
import { seedDemoData } from '../server/demo/seed.ts';
import { hitRateOf } from '../server/faq/eval/hit-rate.ts';
import { RETRIEVAL_SET } from '../server/faq/eval/questions.ts';
import { FaqAssistant } from '../server/faq/service.ts';
import { createLogger } from '../server/logger.ts';

/**
 * The FAQ assistant without a model, on the embedded database: the retrieval set's top-1 hit rate
 * per language (goal at least 90 %) on the demo knowledge base; then the answer time on the server
 * (p50 and p95 of `respond`, index built) with 5,000 entries in each of the 9 languages: the
 * curated ones plus generated questions and answers made of the knowledge documents' sentences.
 */

const ENTRIES_PER_LANGUAGE = 5_000;
const TIMED_QUESTIONS = 2_000;

export interface FaqFigures {
  hitRates: Record<Language, number>;
  /** The second set, written without looking at the entries. */
  paraphraseRates: Record<Language, number>;
  entries: number;
  p50Ms: number;
  p95Ms: number;
  indexBuildMs: number;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

export async function measureFaq(): Promise<FaqFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-faq-'));
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), createLogger('warn', process.stderr));
  try {
    const { db } = database;
    await seedDemoData(db, { now: new Date() });

    const assistant = new FaqAssistant(db);
    const hitRates = {} as Record<Language, number>;
    const paraphraseRates = {} as Record<Language, number>;
    for (const language of LANGUAGES) {
      hitRates[language] = (await hitRateOf(assistant, db, 'retrieval', language)).rate;
      paraphraseRates[language] = (await hitRateOf(assistant, db, 'paraphrases', language)).rate;
    }

    // 5,000 entries per language: generated ones from the documents' sentences, for volume.
    for (const language of LANGUAGES) {
      const sentences = KNOWLEDGE_DOCUMENTS.flatMap((document) =>
        document.texts[language].body.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 20),
      );
      const rows = [];
      for (let index = 0; index < ENTRIES_PER_LANGUAGE - FAQ_ENTRIES.length; index += 1) {
        const first = sentences[index % sentences.length] ?? '';
        const second = sentences[(index * 7 + 3) % sentences.length] ?? '';
        rows.push({
          lang: language,
          question: `${first.slice(0, 120)} (${index})`,
          reponse: `<p>${first}</p><p>${second}</p>`,
          questionKey: `bench-${index}`,
        });
      }
      for (let start = 0; start < rows.length; start += 1_000)
        await db.insert(faqEntries).values(rows.slice(start, start + 1_000));
    }
    const timedAssistant = new FaqAssistant(db);
    const buildStarted = performance.now();
    await timedAssistant.warm();
    const indexBuildMs = performance.now() - buildStarted;

    const questions = LANGUAGES.flatMap((language) =>
      RETRIEVAL_SET[language].map(([question]) => [question, language] as const),
    );
    const times: number[] = [];
    for (let index = 0; index < TIMED_QUESTIONS; index += 1) {
      const [question, language] = questions[index % questions.length] ?? ['', 'fr'];
      const started = performance.now();
      await timedAssistant.respond(question, language);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return {
      hitRates,
      paraphraseRates,
      entries: ENTRIES_PER_LANGUAGE * LANGUAGES.length,
      p50Ms: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      indexBuildMs,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printFaq(figures: FaqFigures): void {
  console.log('FAQ assistant without a model (embedded PGlite)');
  console.log(
    `  retrieval set, top-1:   ${LANGUAGES.map((language) => `${language} ${(figures.hitRates[language] * 100).toFixed(0)} %`).join(', ')} (goal at least 90 % each)`,
  );
  console.log(
    `  paraphrase set, top-1:  ${LANGUAGES.map((language) => `${language} ${(figures.paraphraseRates[language] * 100).toFixed(0)} %`).join(', ')} (written without the entries' words)`,
  );
  console.log(
    `  answer time over ${figures.entries.toLocaleString('en')} entries: p50 ${figures.p50Ms.toFixed(2)} ms, p95 ${figures.p95Ms.toFixed(2)} ms (goal p95 at most 5 ms)`,
  );
  console.log(`  index build, 9 languages: ${figures.indexBuildMs.toFixed(0)} ms`);
}
