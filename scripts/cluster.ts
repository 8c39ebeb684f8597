import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild } from './ensure-build.ts';
import { startCluster } from './cluster/start-cluster.ts';

/**
 * `npm run cluster`: the product as it is deployed at scale, on this machine (README "Scale out"):
 * one PostgreSQL, files in an S3-compatible store, mail to a local SMTP server, 3 server processes
 * behind nginx (load balancer and CDN). Everything is throwaway; Ctrl-C stops it and deletes it.
 * `CLUSTER_PORT` chooses the public port (not `PORT`, which the build reads); `CLUSTER_PROCESSES`
 * the number of processes.
 */

await ensureBuild();
const processes = Number(process.env['CLUSTER_PROCESSES'] ?? '3');
if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
  console.error('CLUSTER_PROCESSES must be a whole number from 1 to 16.');
  process.exit(1);
}
const port = process.env['CLUSTER_PORT'] ? Number(process.env['CLUSTER_PORT']) : undefined;
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
  console.error('CLUSTER_PORT must be a port number from 1 to 65535.');
  process.exit(1);
}
const mailDir = join(process.cwd(), 'data', 'cluster-mail');
// The mail of the last run would mix with this one's (the files are numbered from 1).
rmSync(mailDir, { recursive: true, force: true });
console.log(`Starting PostgreSQL, the S3 store, the SMTP server, ${processes} server processes and nginx…`);
const cluster = await startCluster({ processes, mailDir, ...(port === undefined ? {} : { port }) }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

console.log(`
Claim portal cluster running at ${cluster.url}/
  back office:  ${cluster.url}/bo_login  (login "${cluster.admin.login}", password "${cluster.admin.password}")
  processes:    ${cluster.processes.map((member) => `${member.name} ${member.url}`).join(', ')} (each answer names its process in X-Served-By)
  PostgreSQL:   ${cluster.databaseUrl}
  S3 store:     ${cluster.s3.url} bucket "${cluster.s3.bucket}"
  mail:         ${cluster.smtp.url}, each message also written to ${mailDir}/
Ctrl-C stops everything and deletes its data (the mail files stay).`);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the cluster…`);
  await cluster.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
