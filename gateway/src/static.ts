import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import { frontEndUpstream, type FrontEndName } from './frontEndUpstreams';
import { unavailablePage } from './unavailablePage';

const REMOTES = ['parent', 'student', 'sessions'] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Vite's build names: `name-<8-character hash>.ext`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

/** Hashed build assets never change under their name; everything else (index.html, sw.js, remoteEntry.js,
 * manifest.webmanifest, icons) is revalidated on every use so a new release is picked up at once. */
export function cacheControlFor(filePath: string): string {
  const parts = filePath.split(path.sep);
  const inAssets = parts.slice(0, -1).includes('assets');
  return inAssets && HASHED_NAME.test(parts[parts.length - 1]) ? IMMUTABLE : REVALIDATE;
}

const serve = (dir: string) =>
  express.static(dir, {
    index: false,
    redirect: false,
    cacheControl: false,
    fallthrough: true,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
  });

function notBuilt(res: Response, what: string) {
  unavailablePage(
    res,
    'is not built yet',
    `The ${what} has not been built. ` +
      'Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing) and reload.',
  );
}

const exists = (p: string) => fs.existsSync(p);

export interface FrontEndOptions {
  shellDist: string;
  mfDistRoot: string;
  /** Front ends with a server of their own: requests for them go there instead of to the local build. */
  frontEndUrls?: Partial<Record<FrontEndName, string>>;
  upstreamTimeoutMs?: number;
}

/**
 * The shell at `/` and each remote at `/mf/<name>/`: from its own server when one is configured, else from the
 * local build. A missing build answers 503, never a crash.
 */
export function frontEnds(opts: FrontEndOptions): Router {
  const router = Router();
  const urls = opts.frontEndUrls ?? {};
  const timeoutMs = opts.upstreamTimeoutMs ?? 5000;

  for (const name of REMOTES) {
    const url = urls[`mf-${name}`];
    if (url) {
      router.use(`/mf/${name}`, frontEndUpstream(`mf-${name}`, url, timeoutMs));
      continue;
    }
    const dir = path.join(opts.mfDistRoot, `mf-${name}`, 'dist');
    const files = serve(dir);
    router.use(`/mf/${name}`, (req, res, next) => {
      if (!exists(dir)) return notBuilt(res, `mf-${name} front end`);
      files(req, res, next);
    });
  }
  router.use('/mf', (_req, res) => {
    res.status(404).type('text').send('Not found');
  });

  if (urls.shell) {
    router.use(frontEndUpstream('shell', urls.shell, timeoutMs));
    return router;
  }

  const shellFiles = serve(opts.shellDist);
  router.use((req, res, next) => (exists(opts.shellDist) ? shellFiles(req, res, next) : next()));

  // The product's routes (/, /login, /students/12/sessions, ...) and unknown pages get the shell, which routes them.
  router.use((req, res, next) => {
    const page =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.posix.basename(req.path).includes('.') &&
      req.accepts('html') === 'html';
    if (!page) return next();
    const index = path.join(opts.shellDist, 'index.html');
    if (!exists(index)) return notBuilt(res, 'shell');
    res.sendFile(index, { cacheControl: false, headers: { 'Cache-Control': REVALIDATE } });
  });

  return router;
}
