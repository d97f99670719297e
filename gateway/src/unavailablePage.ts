import type { Response } from 'express';
import { PRODUCT_NAME } from '@logbook/contracts/constants';

/**
 * The gateway's own page for a front end it cannot serve: 503, never cached, the product's name with what is wrong
 * (`headline`) and what to do (`advice`, HTML).
 */
export function unavailablePage(res: Response, headline: string, advice: string) {
  res
    .status(503)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME}</title></head>` +
        `<body><h1>${PRODUCT_NAME} ${headline}</h1><p>${advice}</p></body></html>`,
    );
}
