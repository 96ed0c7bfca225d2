import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_IMPORT_MAX_BYTES, importAnswer, importQuery } from '@contracts/customer-import';
import { nl } from '@contracts/messages';
import { AppError, badRequest } from '../../http/app-error';
import { signedIn } from '../../http/auth-guard';
import { multipartBoundary, parseMultipart } from '../../http/multipart-form';

const m = nl.customerImport;
/** Room for the form's own lines and the `mapping` field beside a file of the largest size. */
const BODY_LIMIT = CUSTOMER_IMPORT_MAX_BYTES + 64 * 1024;
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', m.fileTooLarge, { file: m.fileTooLarge });

/** POST /api/customers/import: Klanten → 'Importeren' (docs/PRODUCT.md#customer-import-and-export). */
export const customerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customerImport } = app.services;

  // The form arrives as bytes in a scope of its own (the API's JSON parser and 256 kB limit are
  // not for a 5 MB file); beyond the limit the server stops reading: a Dutch 413.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
    throw err;
  });

  app.post(
    '/api/customers/import',
    { bodyLimit: BODY_LIMIT, schema: { querystring: importQuery, response: { 200: importAnswer } } },
    async (req) => {
      const boundary = multipartBoundary(req.headers['content-type']);
      const form = boundary && Buffer.isBuffer(req.body) ? parseMultipart(req.body, boundary) : null;
      if (!form) throw badRequest(m.notMultipart, { file: m.notMultipart });
      const file = form.get('file');
      if (!file || file.data.length === 0) throw badRequest(m.fileRequired, { file: m.fileRequired });
      if (file.data.length > CUSTOMER_IMPORT_MAX_BYTES) throw tooLarge();
      const mapping = form.get('mapping')?.data.toString('utf8').trim() || null;
      if (mapping === null) return customerImport.preview(file.data);
      return customerImport.run(signedIn(req), {
        bytes: file.data,
        // The name as the activity log shows it: no control characters, at most 200 of the rest.
        // eslint-disable-next-line no-control-regex -- removing them is the point
        fileName: file.filename?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || null,
        mapping,
        dryRun: req.query.dryRun,
      });
    },
  );
};
