// A remote's frames.json: the frame of each screen it publishes one for, which the shell paints before any script runs.
import { createServer, type Plugin, type PluginOption } from 'vite';
import { firstViewFiles } from './frontEndRelease';

/**
 * One screen's frame as published: the address it is drawn at, its HTML and the rules of its style sheets (written out,
 * so the frame paints without another round trip).
 */
export interface PublishedFrame {
  path: string;
  styles: string;
  html: string;
}

/** A frame as a remote's `renderFrames()` draws it. */
export interface RenderedFrame {
  /** The address it is drawn at. */
  path: string;
  /** The exposed module that draws the screen (its style sheets are the frame's). */
  expose: string;
  html: string;
}

/**
 * Loads one of an app's modules with the app's own React plugin, once, at build time, and hands it to `use` (which
 * draws pages into files: the landing page, the screens' frames).
 */
export async function withBuildTimeModule<M, T>(
  appDir: string,
  react: () => PluginOption,
  module: string,
  use: (loaded: M) => T,
): Promise<T> {
  const server = await createServer({
    configFile: false,
    root: appDir,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [react()],
  });
  try {
    return use((await server.ssrLoadModule(module)) as M);
  } finally {
    await server.close();
  }
}

/** The rules of a frame's style sheets, in the order the screen loads them. */
function stylesOf(bundle: Parameters<typeof firstViewFiles>[0], files: string[]): string {
  return files
    .filter((file) => file.endsWith('.css'))
    .map((file) => {
      const asset = bundle[file];
      if (asset?.type !== 'asset') throw new Error(`${file} is not in the bundle`);
      const text = String(asset.source);
      // Written into the page, a relative address in a rule would point elsewhere.
      if (/url\(/.test(text)) throw new Error(`${file} refers to other files; a frame's styles cannot`);
      return text;
    })
    .join('\n');
}

/**
 * Writes dist/frames.json from the remote's frames module (`renderFrames()`, run once at build time with the remote's
 * own React), each frame with the style sheets of the exposed module that draws its screen. A remote with no frames
 * module publishes an empty list, so a page that asks for its frames has its answer from the worker's cache at once.
 */
export function screenFrames(
  appDir: string,
  framesModule: string | undefined,
  exposes: Record<string, string>,
  react: () => PluginOption,
): Plugin {
  return {
    name: 'logbook-screen-frames',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const emit = (frames: PublishedFrame[]) =>
        this.emitFile({ type: 'asset', fileName: 'frames.json', source: `${JSON.stringify({ frames })}\n` });
      if (!framesModule) return void emit([]);
      const rendered = await withBuildTimeModule(
        appDir,
        react,
        framesModule,
        (m: { renderFrames: () => RenderedFrame[] }) => m.renderFrames(),
      );
      const firstView = firstViewFiles(bundle, appDir, exposes);
      const frames: PublishedFrame[] = rendered.map(({ path, expose, html }) => {
        const files = firstView[expose];
        if (!files) throw new Error(`The frame of ${path} names ${expose}, which this remote does not expose`);
        return { path, styles: stylesOf(bundle, files), html };
      });
      emit(frames);
    },
  };
}
