// Two entry points from one codebase (ARCHITECTURE.md): the browser app (index.html) and the Outlook
// task pane (taskpane.html). Each page loads two scripts (its libraries, its own code) and each
// screen one lazy chunk (see splitChunks below). No inline scripts anywhere: the CSP forbids them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

const root = path.dirname(fileURLToPath(import.meta.url));
const API_PORT = process.env.PORT ?? '8080';
// manifest.xml names the dev server of `npm run dev:addin`; a build names where the pane is deployed.
const ADDIN_DEV_ORIGIN = 'https://localhost:3000';
const ADDIN_ICON_SIZES = [16, 32, 64, 80, 128];
/** Each page's entry: index.html loads `app`, taskpane.html `taskpane`. */
const ENTRIES = {
  app: './src/client/entries/app.tsx',
  taskpane: './src/client/entries/taskpane.tsx',
};

/**
 * Emits manifest.xml and its icons with the build: in production the dev origin is rewritten to
 * ADDIN_URL (else PUBLIC_URL), the HTTPS origin Outlook loads the pane and icons from.
 */
class AddinManifestPlugin {
  /** @param {string} origin */
  constructor(origin) {
    this.origin = origin.replace(/\/+$/, '');
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AddinManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AddinManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const manifest = path.join(root, 'manifest.xml');
          compilation.fileDependencies.add(manifest);
          if (!this.origin.startsWith('https://'))
            compilation.warnings.push(
              new webpack.WebpackError(`Outlook loads add-ins over HTTPS only: ${this.origin}`),
            );
          const xml = readFileSync(manifest, 'utf8').replaceAll(ADDIN_DEV_ORIGIN, this.origin);
          compilation.emitAsset('manifest.xml', new webpack.sources.RawSource(xml));
          for (const size of ADDIN_ICON_SIZES) {
            const icon = path.join(root, 'assets', `icon-${size}.png`);
            compilation.fileDependencies.add(icon);
            compilation.emitAsset(
              `assets/icon-${size}.png`,
              new webpack.sources.RawSource(readFileSync(icon)),
            );
          }
        },
      );
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|xml)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a production build; the
 * server answers them to browsers that accept them (@fastify/static preCompressed), so nothing is
 * compressed per request. The Outlook pane's first load over a slow link is what this is for.
 */
class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name));
          await Promise.all(
            names.map(async (name) => {
              const source = compilation.getAsset(name).source.buffer();
              if (source.length < 1024) return;
              const [br, gz] = await Promise.all([
                brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
                gzip(source, { level: 9 }),
              ]);
              compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br));
              compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gz));
            }),
          );
        },
      );
    });
  }
}

/**
 * Lets `alter` change the head tags html-webpack-plugin writes into `page`.
 * @param {import('webpack').Compiler} compiler
 * @param {string} name
 * @param {string} page
 * @param {(data: { headTags: import('html-webpack-plugin').HtmlTagObject[] }, compilation: import('webpack').Compilation) => void} alter
 */
function alterPageTags(compiler, name, page, alter) {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(name, (data) => {
      if (data.outputName === page) alter(data, compilation);
      return data;
    });
  });
}

/**
 * Adds `<link rel="preload">` to a page for the script files of one of its lazy chunk groups, so
 * that the browser downloads them beside the page's own scripts instead of after those have run.
 * The task pane always opens on its landing screen (the `outlook` chunk group); the files are only
 * fetched early, they are run when the router imports them, as before.
 */
class PreloadChunkGroupPlugin {
  /** @param {string} page @param {string} group */
  constructor(page, group) {
    this.page = page;
    this.group = group;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    alterPageTags(compiler, 'PreloadChunkGroupPlugin', this.page, (data, compilation) => {
      const group = compilation.namedChunkGroups.get(this.group);
      if (!group) {
        compilation.errors.push(new webpack.WebpackError(`no chunk group named ${this.group}`));
        return;
      }
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
      for (const file of files)
        data.headTags.push(
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${publicPath}${file}`,
            // after the page's own scripts, which run first
            fetchpriority: 'low',
          }),
        );
    });
  }
}

/**
 * Chromium fetches deferred scripts at low priority, and holds low-priority requests back while a
 * parser-blocking script in the head loads: on `page` (the pane, whose head loads Office.js from
 * Microsoft's CDN first) the bundle waited for Office.js before it even started downloading.
 * Marked high, the entry's scripts download alongside it; defer still runs them after it.
 */
class EagerEntryScriptsPlugin {
  /** @param {string} page */
  constructor(page) {
    this.page = page;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    alterPageTags(compiler, 'EagerEntryScriptsPlugin', this.page, (data) => {
      for (const tag of data.headTags)
        if (tag.tagName === 'script' && tag.attributes.defer) tag.attributes.fetchpriority = 'high';
    });
  }
}

/**
 * Chromium compiles a script's functions lazily, on the main thread, the first time each is called;
 * a file that starts with V8's `//# allFunctionsCalledOnLoad` has all of them compiled while it
 * streams in, on a background thread. That pays where most of a file runs as soon as it loads: our
 * own code, entries and screens (slow host: the pane's main-thread lazy compiling before its first
 * rooms 113–175 → 74–134 ms, traced; the booking grid's own work after its answers ~40 ms less).
 * A library chunk holds much that never runs there (the whole of Fluent), and a marked script runs
 * only once all of it is compiled: marking those too made the pane slower. So only chunks mostly
 * (by size) of our own modules are marked. Added after the minifier (which drops comments) and
 * before the source maps, so those still line up.
 */
class CompileHintsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { ConcatSource } = compiler.webpack.sources;
    /** @param {import('webpack').Module} module @returns {import('webpack').Module[]} */
    const parts = (module) =>
      'modules' in module && Array.isArray(module.modules) ? module.modules : [module];
    /** @param {import('webpack').Module[]} modules */
    const size = (modules) => modules.reduce((sum, module) => sum + module.size(), 0);
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            const modules = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].flatMap(parts);
            const ours = modules.filter(
              (module) => !/[\\/]node_modules[\\/]/.test(module.nameForCondition() ?? ''),
            );
            if (size(ours) < size(modules) / 2) continue;
            for (const file of chunk.files)
              if (file.endsWith('.js'))
                compilation.updateAsset(
                  file,
                  (source) => new ConcatSource('//# allFunctionsCalledOnLoad\n', source),
                );
          }
        },
      );
    });
  }
}

/** @param {Record<string, unknown>} env @param {{ mode?: string }} argv */
export default async (env = {}, argv = {}) => {
  const production = argv.mode === 'production';
  const addin = Boolean(env.addin);

  /** @type {import('webpack-dev-server').Configuration} */
  const devServer = {
    port: Number(process.env.DEV_PORT ?? (addin ? 3000 : 3001)),
    // Company sites live on subdomains (acme.workplace.localhost): accept any host.
    allowedHosts: 'all',
    historyApiFallback: {
      rewrites: [{ from: /^\/taskpane(\.html)?(\/.*)?$/i, to: '/taskpane.html' }],
      index: '/index.html',
    },
    // Keep the browser's Host so the server sees the company subdomain.
    proxy: [{ context: ['/api'], target: `http://localhost:${API_PORT}`, changeOrigin: false, ws: true }],
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { errors: true, warnings: false } },
  };
  if (addin) {
    // Outlook only loads add-ins over HTTPS; office-addin-dev-certs makes and trusts a localhost cert.
    const { getHttpsServerOptions } = await import('office-addin-dev-certs');
    devServer.server = { type: 'https', options: await getHttpsServerOptions() };
  }

  // The pages are a few hundred bytes: left unminified, so tools (bench/client-bundle.ts) can read
  // their script tags back with the quotes on.
  const minify = false;

  /** @type {import('webpack').Configuration} */
  return {
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: ENTRIES,
    output: {
      path: path.resolve(root, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].chunk.js' : 'js/[name].chunk.js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      // A screen's scripts are asked for by import() (the route table's `screen`) and go out as
      // <script> elements, which Chromium ranks low: on a cold start, with six connections a host,
      // they then waited behind the first API requests (fetch, ranked high) for 50–70 ms, and the
      // screen with them. Ranked high, they take the next free connection.
      parser: { javascript: { dynamicImportFetchPriority: 'high' } },
      rules: [
        {
          // The contract's schemas are pure declarations: say so, so unused ones (and zod) drop out.
          test: /[\\/]src[\\/]shared[\\/]contract[\\/][^\\/]+\.ts$/,
          enforce: 'pre',
          loader: path.resolve(root, 'src/client/build/pure-schemas-loader.mjs'),
        },
        {
          test: /[\\/]src[\\/]client[\\/]ui[\\/]theme\.ts$/,
          enforce: 'pre',
          loader: path.resolve(root, 'src/client/build/theme-values-loader.mjs'),
        },
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2022', jsx: 'automatic' },
        },
        {
          // makeStyles and makeResetStyles compiled at build time (Griffel's AOT), as Fluent's own
          // components ship: the page no longer turns style objects into CSS rules with stylis on
          // its main thread while it starts. Runs on esbuild's output; imports the styles read
          // (tokens, shared constants) are evaluated with Babel, hence the TypeScript preset.
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          enforce: 'post',
          loader: '@griffel/webpack-loader',
          options: { babelOptions: { presets: ['@babel/preset-typescript'] } },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new HtmlWebpackPlugin({
        filename: 'index.html',
        template: './src/client/entries/app.html',
        chunks: ['app'],
        scriptLoading: 'defer',
        minify,
      }),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './src/client/entries/taskpane.html',
        chunks: ['taskpane'],
        minify,
        // Office.js (a classic script in the template) must run before the bundle: defer keeps order.
        scriptLoading: 'defer',
      }),
      new PreloadChunkGroupPlugin('taskpane.html', 'outlook'),
      new EagerEntryScriptsPlugin('taskpane.html'),
      new AddinManifestPlugin(
        production ? (process.env.ADDIN_URL ?? process.env.PUBLIC_URL ?? ADDIN_DEV_ORIGIN) : ADDIN_DEV_ORIGIN,
      ),
      ...(production ? [new CompileHintsPlugin(), new PrecompressPlugin()] : []),
    ],
    optimization: {
      // webpack's own HTML minifier drops attribute quotes; the pages are tiny, keep them readable.
      minimizeOptions: { html: false },
      // Few files, not many small ones: over HTTP/1.1 (six connections a host) a cold start's API
      // requests queued behind the screen's shared chunks, and every request costs the browser's
      // processes CPU that, on two cores, the page then waits for. So a page loads two scripts: the
      // libraries it starts with (not hinted, see CompileHintsPlugin) and its own code with
      // webpack's runtime; and a screen's import() loads one chunk holding whatever of it the page
      // does not already have, even where that repeats a module another screen's chunk also holds.
      // The booking grid's first render: 13 script requests before its first rows became 3, its
      // answers arrived ~55 ms sooner, each load's CPU fell from ~570 to ~470 ms (all processes);
      // faster in 10 of 14 alternating loads.
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          default: false,
          defaultVendors: false,
          ...Object.fromEntries(
            Object.keys(ENTRIES).map((entry) => [
              `${entry}Libraries`,
              {
                test: /[\\/]node_modules[\\/]/,
                chunks: (/** @type {import('webpack').Chunk} */ chunk) => chunk.name === entry,
                name: `${entry}-libraries`,
                enforce: true,
              },
            ]),
          ),
        },
      },
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer,
  };
};
