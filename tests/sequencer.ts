import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first (longest-processing-time scheduling), from the seconds each
 * took in a whole run, kept in `tests/durations.json` (`node scripts/test-durations.ts <report>`
 * writes it from Vitest's JSON report). The two workers then end on small files together, instead
 * of one waiting while the other finishes a long one: Vitest's own order on a clean clone (browser
 * project first, then the largest files) ran the fuzz files, a few lines each but minutes long,
 * last. A file missing from the list counts as its project's typical file.
 */

const DURATIONS_FILE = new URL('./durations.json', import.meta.url);
/** Seconds assumed for a file not yet in the list: a browser file, or any other. */
const UNKNOWN_SECONDS = { e2e: 60, other: 5 } as const;

function knownDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = knownDurations();
    const root = this.ctx.config.root;
    const secondsOf = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId).split('\\').join('/');
      return durations[path] ?? (spec.project.name === 'e2e' ? UNKNOWN_SECONDS.e2e : UNKNOWN_SECONDS.other);
    };
    // Vitest's order first (it keeps failed files first when its cache knows them), then by duration:
    // the sort is stable, so files of equal duration keep Vitest's order.
    const ordered = await super.sort(files);
    return [...ordered].sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
