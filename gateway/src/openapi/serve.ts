import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import { Router } from 'express';
import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { buildOpenApiDocument } from './document';

/** Redoc's self-contained bundle: copied beside the compiled gateway in its image, else from node_modules. */
function redocBundle(): string | undefined {
  const beside = path.join(__dirname, 'docs', 'redoc.standalone.js');
  if (fs.existsSync(beside)) return beside;
  try {
    return require.resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    return undefined;
  }
}

/**
 * The reader's own policy: Redoc draws with inline styles and runs its search in a worker made from a blob, which
 * the app's policy rightly refuses. It applies to /api/docs alone, a page with no cookies' worth of script of ours.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** GET /api/openapi.json (the description, built from the code) and GET /api/docs (the same, to read). */
export function apiDescription(): Router {
  const router = Router();
  const body = JSON.stringify(buildOpenApiDocument());
  const bundle = redocBundle();

  router.get('/api/openapi.json', compression(), (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('application/json').send(body);
  });
  router.get('/api/docs', (_req, res) => {
    res
      .set('Cache-Control', 'no-cache')
      .set('Content-Security-Policy', DOCS_CSP)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${PRODUCT_NAME} API</title></head><body>` +
          `<redoc spec-url="/api/openapi.json"></redoc>` +
          `<script src="/api/docs/redoc.standalone.js"></script></body></html>`,
      );
  });
  router.get('/api/docs/redoc.standalone.js', compression(), (_req, res) => {
    if (!bundle) return res.status(404).type('text').send('Not found');
    res.set('Cache-Control', 'public, max-age=3600').set('Content-Security-Policy', DOCS_CSP);
    res.sendFile(bundle);
  });
  return router;
}
