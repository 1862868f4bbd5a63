import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../shared/contract/common';
import { errorBody } from './error-handler';

// webpack names assets with a content hash (app.3f9a1c2b.js, a screen's passes.4613d77f4b.chunk.js,
// an extracted 76c2d744ec298f67efbf.css): they never change, cache them for a year (also when the
// precompressed .br or .gz copy is what is sent).
const HASHED = /(^|[/.])[0-9a-f]{8,}(\.chunk)?\.(js|css|png|jpe?g|svg|woff2?|ttf|ico|json|map)(\.br|\.gz)?$/;

/**
 * The built front end from STATIC_DIR when it exists: files as they are (the build's Brotli or gzip
 * copy where the browser accepts one), the task pane at
 * /taskpane.html, and index.html for every other GET outside /api (the browser app routes itself).
 * Unknown /api paths answer 404 in the error shape.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  const hasFrontEnd = existsSync(resolve(root, 'index.html'));
  if (hasFrontEnd) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        void reply.header(
          'cache-control',
          HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    // A missing file (/app.0123abcd.js) is a 404, not the app's HTML under a script's name.
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if (!isApi && !looksLikeFile && hasFrontEnd && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('Not found.'));
  });
}
