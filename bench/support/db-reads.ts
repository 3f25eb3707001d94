/**
 * Requests by the server that answered them, from a query service's /metrics text: the
 * `tonapi_db_reads_total{server="…"}` counters (`primary`, or `host:port/db` of a replica).
 */
export function readsByServer(metrics: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of metrics.matchAll(/^tonapi_db_reads_total\{server="([^"]*)"\} (\S+)$/gm)) {
    out[m[1] ?? ''] = Number(m[2]);
  }
  return out;
}
