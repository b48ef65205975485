import { HistoryKey } from '../domain/audit/history.js';
import { SecretBox } from '../security/secret-box.js';

/** A history chain key for tests and seeds: made from a fixed secrets key, or the one given. */
export const testHistoryKey = (box = new SecretBox(Buffer.alloc(32, 7))) => new HistoryKey(box);
