import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';

// pdfkit loaded at the first report, not at startup: the server starts within its memory budget
// (server/memory.test.ts) and most processes never write a PDF.
const require = createRequire(import.meta.url);
export const PDFDocument = (): typeof PDFKit => require('pdfkit') as typeof PDFKit;
