import { createWriteStream, readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openPrivatePglite } from './embedded.js';
import { exportDatabase } from './export.js';
import { BackupWriter } from './backup-writer.js';

// The process that writes a backup: `node --import tsx export-child.ts PGDATA [--gzip]
// [--file NAME=PATH]...`. It opens an embedded database that only it uses (a private copy of the
// live one, or a stopped server's) and writes the backup to file descriptor 3, so anything the
// database prints cannot mix into it. Its own process: its memory (a second PGlite) is given back
// when it exits, and the server's event loop and acks never wait for it. Its last line on stderr
// is JSON: `{"done":{…}}` or `{"error":"…"}`.

async function main(argv: string[]): Promise<void> {
  const [pgdata, ...rest] = argv;
  if (!pgdata) throw new Error('usage: export-child.ts PGDATA [--gzip] [--file NAME=PATH]...');
  const gzip = rest.includes('--gzip');
  const files: { name: string; content: string }[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] !== '--file') continue;
    const [name, file] = (rest[++i] ?? '').split(/=(.*)/s);
    if (!name || !file) throw new Error('--file needs NAME=PATH');
    files.push({ name, content: readFileSync(file, 'utf8') });
  }

  const pg = await openPrivatePglite(pgdata);
  const fd3 = createWriteStream('', { fd: 3 });
  const compress = gzip ? createGzip({ level: 6 }) : undefined;
  const sink = compress ? pipeline(compress, fd3) : undefined;
  const writer = new BackupWriter(compress ?? fd3);
  try {
    const manifest = await exportDatabase(pg, writer, { files });
    await sink;
    if (!compress && !fd3.writableFinished)
      await new Promise<void>((r) => fd3.once('finish', () => r()));
    process.stderr.write(
      `${JSON.stringify({
        done: {
          rows: manifest.totalRows,
          tables: Object.keys(manifest.tables).length,
          bytes: writer.bytes,
          sha256: manifest.sha256,
          maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        },
      })}\n`,
    );
  } finally {
    await pg.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
    );
    process.exit(1);
  },
);
