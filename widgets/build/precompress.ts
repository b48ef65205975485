// Run by `npm run build:widgets` once the kit and its manifest are written: stores a brotli and
// a gzip copy beside every file of dist/widgets, so the server sends compressed bytes without
// compressing on each request (and at the strongest levels, which would be too slow per request).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The types worth compressing (images and the like are not in the kit). */
const COMPRESSIBLE = /\.(?:js|map|json|css|html)$/;

export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!COMPRESSIBLE.test(entry)) continue;
    const file = path.join(dir, entry);
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  precompress(path.resolve(process.env.WIDGETS_OUT_DIR ?? 'dist/widgets'));
}
