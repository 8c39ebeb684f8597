/**
 * Keeps `npm ci` working on every machine.
 *
 * The registry this project installs from does not carry every platform build of packages that
 * ship native binaries as optional dependencies (esbuild, biome, the Astro compiler…). `npm
 * install` then leaves those platform packages out of package-lock.json, and `npm ci` refuses the
 * lock file ("Missing: @biomejs/cli-darwin-arm64@ from lock file") although no machine here would
 * install them. This script adds each missing optional dependency as an optional lock entry
 * restricted to its platform (os/cpu read from its name), which is exactly what npm would have
 * written had it seen the package: `npm ci` skips it on other platforms and tolerates a failed
 * download on its own.
 *
 *   node scripts/complete-lockfile.ts          rewrite package-lock.json when entries are missing
 *   node scripts/complete-lockfile.ts --check  exit 1 when entries are missing (run by `npm test`)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

interface LockFile {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

const OPERATING_SYSTEMS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'cygwin',
];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 'ppc64le', 's390x', 'loong64', 'mips64el'];

function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = OPERATING_SYSTEMS.filter(
    (candidate) => parts.includes(candidate) || (candidate === 'win32' && parts.includes('windows')),
  );
  const cpu = CPUS.filter((candidate) => parts.includes(candidate));
  const libc = parts.includes('musl') ? ['musl'] : parts.includes('gnu') && os.includes('linux') ? ['glibc'] : [];
  return { ...(os.length > 0 ? { os } : {}), ...(cpu.length > 0 ? { cpu } : {}), ...(libc.length > 0 ? { libc } : {}) };
}

/** Where npm would look up `name` from the package at `from` (node_modules resolution). */
function resolves(packages: Record<string, LockEntry>, from: string, name: string): boolean {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate] !== undefined) return true;
    if (base === '') return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

export function completeLockfile(lock: LockFile): string[] {
  const added: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolves(lock.packages, location, name)) continue;
      const version = range.replace(/^[\^~=]/, '');
      const target = `node_modules/${name}`;
      lock.packages[target] = { version, optional: true, ...platformOf(name) };
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  return added;
}

if (import.meta.main) {
  const file = path.resolve(import.meta.dirname, '..', 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8')) as LockFile;
  const added = completeLockfile(lock);
  if (process.argv.includes('--check')) {
    if (added.length > 0) {
      console.error(
        `package-lock.json lacks ${added.length} optional platform packages (npm ci would refuse it): run \`node scripts/complete-lockfile.ts\`.`,
      );
      process.exit(1);
    }
  } else if (added.length > 0) {
    writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`package-lock.json: added ${added.length} optional platform entries.`);
  }
}
