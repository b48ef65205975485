// The embedded database's files on disk, durably. PGlite keeps its data folder through
// Emscripten's NODEFS, whose fsync and fdatasync do nothing: PostgreSQL's flushes (the WAL at
// each commit, the data files at each checkpoint) never reached the disk, so a power loss could
// lose commits already answered and leave the cluster corrupt. Here each flush PostgreSQL asks
// for is done on the real file (fdatasync or fsync of the file NODEFS holds open), and PGlite
// runs with fsync on (pglite-thread-worker.js).
//
// It also counts the flushes, and can refuse writes that need new space with ENOSPC, as a full
// disk does (files are extended; what is written over in place still succeeds): the tests of
// durability and of a full disk use both, through an Int32Array shared with the thread that
// opened the database, whose slots (`DurableFsSlots` in pglite-thread.ts) it is given.
//
// Plain JavaScript: it runs in the PGlite thread, which loads no TypeScript.
import fs from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const ENOSPC = 51; // Emscripten's errno
const EIO = 29;

export class DurableNodeFS extends NodeFS {
  /**
   * @param {string} dataDir
   * @param {Int32Array} state shared with the thread that opened the database
   * @param {{ walFlushes: number, otherFlushes: number, diskFull: number, refusedWrites: number }} slots
   */
  constructor(dataDir, state, slots) {
    super(dataDir);
    this.state = state;
    this.slots = slots;
  }

  async init(pg, opts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    /** @type {any} */
    let mod;
    const { state, slots } = this;
    /** Flushes the real file behind an Emscripten descriptor: 0, or an errno. */
    const flush = (fd, data) => {
      const stream = mod.FS.getStream(fd);
      if (!stream || stream.nfd === undefined) return 0;
      try {
        if (data) fs.fdatasyncSync(stream.nfd);
        else fs.fsyncSync(stream.nfd);
      } catch {
        return EIO;
      }
      const path = stream.path ?? '';
      Atomics.add(state, path.includes('/pg_wal/') ? slots.walFlushes : slots.otherFlushes, 1);
      return 0;
    };
    const instantiate = emscriptenOpts.instantiateWasm;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          (module) => {
            mod = module;
            refuseWritesWhenFull(module, state, slots);
          },
          ...(emscriptenOpts.preRun ?? []),
        ],
        instantiateWasm: (imports, done) => {
          // fsync() reaches the WASI fd_sync, fdatasync() its own syscall: both did nothing.
          for (const table of new Set([imports.env, imports.wasi_snapshot_preview1])) {
            if (!table) continue;
            table.fd_sync = (fd) => flush(fd, false);
            // A syscall answers a negative errno.
            table.__syscall_fdatasync = (fd) => -flush(fd, true);
          }
          return instantiate(imports, done);
        },
      },
    };
  }
}

/** A full disk: a write past a file's end (it needs new blocks) fails with ENOSPC. */
function refuseWritesWhenFull(module, state, slots) {
  const ops = module.NODEFS.stream_ops;
  const write = ops.write;
  ops.write = (stream, buffer, offset, length, position) => {
    if (Atomics.load(state, slots.diskFull) !== 0) {
      const at = position ?? stream.position;
      if (at + length > fs.fstatSync(stream.nfd).size) {
        Atomics.add(state, slots.refusedWrites, 1);
        throw new module.FS.ErrnoError(ENOSPC);
      }
    }
    return write(stream, buffer, offset, length, position);
  };
}
