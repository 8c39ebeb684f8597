import { loggableDatabaseError } from './db/public.ts';
import type { Logger } from './logger.ts';

/**
 * The process's last line of defence: whoever asks, the process keeps serving.
 * Every input path catches its own errors; what still escapes is logged here, never silently:
 *
 * - an unhandled promise rejection is one task that failed after its caller moved on: it is
 *   logged and the process keeps serving (Node's default would stop every visitor's requests);
 * - an uncaught exception may have left shared state half-changed: it is logged and the process
 *   exits with UNCAUGHT_EXCEPTION_EXIT_CODE on purpose, for its supervisor (systemd, Docker,
 *   Kubernetes) to start it again.
 *
 * Neither log line carries the error's payload: its name, code and the first line of its message
 * (cut short), or for a database error its SQLSTATE; and the stack frames.
 */

/** Exit code after an uncaught exception (EX_SOFTWARE, an internal error), so a supervisor restarts the process. */
export const UNCAUGHT_EXCEPTION_EXIT_CODE = 70;
/** Longest part of an error message logged: its first line, cut to this many characters. */
const MAX_MESSAGE_LENGTH = 200;

export interface ProcessGuardOptions {
  /** How the process ends after an uncaught exception. Default: process.exit. */
  exit?: (code: number) => void;
}

/** An escaped error as the log may show it: no payload, no more than its message's first line. */
function loggableEscapedError(error: unknown): Record<string, unknown> {
  const database = loggableDatabaseError(error);
  if (database !== error) return database as Record<string, unknown>;
  if (!(error instanceof Error)) return { name: 'NonError', type: typeof error };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^ {4}at \S/.test(line));
  return {
    name: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: (error.message.split('\n', 1)[0] ?? '').slice(0, MAX_MESSAGE_LENGTH),
    stack: [error.name, ...frames].join('\n'),
  };
}

/**
 * Installs the process-level handlers: `unhandledRejection` logs and keeps serving,
 * `uncaughtException` logs and exits with UNCAUGHT_EXCEPTION_EXIT_CODE. Answers a function that
 * removes them (tests).
 */
export function guardProcess(logger: Logger, options: ProcessGuardOptions = {}): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const onRejection = (reason: unknown) => {
    logger.error({ err: loggableEscapedError(reason) }, 'unhandled rejection: logged, the process keeps serving');
  };
  const onException = (error: unknown) => {
    logger.fatal(
      { err: loggableEscapedError(error), exitCode: UNCAUGHT_EXCEPTION_EXIT_CODE },
      'uncaught exception: the process exits for its supervisor to restart it',
    );
    exit(UNCAUGHT_EXCEPTION_EXIT_CODE);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
