import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { SESSION_FIELDS, type SessionFieldRegistry } from '@logbook/contracts/session-fields';
import type { LogbookInput } from './contents';
import { FIRST_PAGE_TABLE_TOP, NEXT_PAGE_TABLE_TOP, ROW_HEIGHT, pageCountFor } from './layout';
import { footer } from './sections/footer';
import { continuationHeading, titleBlock } from './sections/header';
import { progressPanel } from './sections/progress';
import { readinessPanel } from './sections/readiness';
import { noSessions, sessionRow, sessionsHeading, tableHeader } from './sections/sessions-table';
import { studentPanel } from './sections/student';
import { verificationPanel } from './sections/verification';
import { pdfText } from './text';
import { PageWriter } from './writer';

/** The student's log book as a PDF stream: it starts flowing at once and ends after the last session is drawn. */
export function logbookPdf(request: LogbookInput, registry: SessionFieldRegistry = SESSION_FIELDS): PDFKit.PDFDocument {
  const name = pdfText(`${request.student.firstName} ${request.student.lastName}`);
  const writer = new PageWriter(
    { Title: `${PRODUCT_NAME} - ${name}`, Author: PRODUCT_NAME, Subject: 'Supervised driving log' },
    {
      footer: (w) => footer(w, name, request.madeOn),
      continuation: (w) => {
        continuationHeading(w, name);
        return tableHeader(w, NEXT_PAGE_TABLE_TOP);
      },
    },
  );
  const { doc } = writer;

  const draw = async () => {
    const contents = await request.contents();
    writer.totalPages = pageCountFor(contents.sessionCount);
    titleBlock(writer);
    studentPanel(writer, request.student, name, request.madeOn);
    progressPanel(writer, contents.progress);
    readinessPanel(writer, contents.readiness);
    verificationPanel(writer, contents.verification);
    sessionsHeading(writer, contents.sessionCount, Math.max(0, contents.sessionCount - contents.progress.sessionCount));
    const firstRow = tableHeader(writer, FIRST_PAGE_TABLE_TOP);
    writer.startRows(firstRow, ROW_HEIGHT);
    if (contents.sessionCount === 0) noSessions(writer, firstRow);
    let index = 0;
    for await (const session of contents.sessions) {
      if (doc.destroyed) return; // the reader went away
      if (index >= contents.sessionCount) break;
      const number = index++;
      writer.row((y) => sessionRow(writer, session, number, y, registry));
    }
    writer.end();
  };
  draw().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}
