// Two entry points from one codebase (ARCHITECTURE.md): the browser app (index.html) and the Outlook
// task pane (taskpane.html). Each page loads two scripts (its libraries, its own code) and each
// screen one lazy chunk (see splitChunks below). No inline scripts anywhere: the CSP forbids them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import {
  APP_PACKAGE_FILE,
  SUPPORT_PAGE,
  XML_MANIFEST_FILE,
  addinClientId,
  appPackage,
  unifiedManifest,
  xmlManifest,
} from './scripts/addin/manifests.mjs';
import { originProblems, unifiedManifestErrors, validateXmlManifest } from './scripts/addin/verify.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const API_PORT = process.env.PORT ?? '8080';
const ADDIN_ICON_SIZES = [16, 32, 64, 80, 128];
/** The task pane's landing screen: its scripts are preloaded with the page (PreloadChunkGroupPlugin). */
const PANE_LANDING_GROUP = 'outlook';
/**
 * Each page's entry: index.html loads `app`, taskpane.html `taskpane`, and addin-sign-in.html (the
 * pane's sign-in dialog) `addinSignIn`.
 */
const ENTRIES = {
  app: './src/client/entries/app.tsx',
  taskpane: './src/client/entries/taskpane.tsx',
  addinSignIn: './src/client/entries/addin-sign-in.tsx',
};

/**
 * The event runtime's script (OnAppointmentSend): one file at a fixed name, no chunks, since the
 * manifests name it and classic Outlook on Windows runs that one file without a page.
 */
const SEND_HANDLER = { name: 'meeting-send', entry: './src/client/entries/meeting-send.ts' };

/** The script files a page loads before its first screen (see the minimizers). */
const FIRST_LOAD_SCRIPTS = new RegExp(
  `^js/(${[...['app', 'taskpane'].flatMap((entry) => [entry, `${entry}-libraries`]), PANE_LANDING_GROUP].join('|')})\\.`,
);

/**
 * Emits the add-in's icons and its public support page, and its manifests: in development
 * manifest.xml as committed (the dev server's origin and Id); in production, for `origin` (the
 * HTTPS origin scripts/build.mjs checked), dist/manifest.xml and the unified manifest's app
 * package, both checked before they are written (scripts/addin/verify.mjs): a manifest naming
 * another origin or failing its schema fails the build. Without an origin, no manifests.
 */
class AddinManifestPlugin {
  /** @param {{ production: boolean, origin: string | undefined }} options */
  constructor({ production, origin }) {
    this.production = production;
    this.origin = origin;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = webpack.sources;
    compiler.hooks.thisCompilation.tap('AddinManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'AddinManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          /** @param {string} file @param {string} [as] */
          const copy = (file, as = file) => {
            compilation.fileDependencies.add(path.join(root, file));
            compilation.emitAsset(as, new RawSource(readFileSync(path.join(root, file))));
          };
          for (const size of ADDIN_ICON_SIZES) copy(`assets/icon-${size}.png`);
          copy(`src/client/entries/${SUPPORT_PAGE}`, SUPPORT_PAGE);
          compilation.fileDependencies.add(path.join(root, 'manifest.xml'));
          if (!this.production) return copy('manifest.xml');
          if (!this.origin) return;
          const clientId = addinClientId(process.env);
          const xml = xmlManifest(this.origin, clientId);
          const unified = unifiedManifest(this.origin, clientId);
          const problems = [
            ...originProblems(xml, this.origin).map((problem) => `manifest.xml ${problem}`),
            ...originProblems(JSON.stringify(unified), this.origin).map((p) => `manifest.json ${p}`),
            ...(await unifiedManifestErrors(unified)).map((error) => `manifest.json:${error}`),
          ];
          const xsd = validateXmlManifest(xml);
          if (!xsd.ok && !(xsd.skipped && !process.env.CI)) problems.push(`manifest.xml: ${xsd.output}`);
          for (const problem of problems)
            compilation.errors.push(new webpack.WebpackError(`Outlook add-in: ${problem}`));
          compilation.emitAsset(XML_MANIFEST_FILE, new RawSource(xml));
          compilation.emitAsset(
            APP_PACKAGE_FILE,
            new RawSource(Buffer.from(appPackage(this.origin, clientId))),
          );
        },
      );
    });
  }
}

/**
 * Emits the service worker (src/client/service-worker/sw.js, plain JavaScript with no imports) as
 * /sw.js: a worker's scope is its own folder, and it must cover the whole app. With it the web app
 * manifest and its icon, which make the app installable.
 */
class ServiceWorkerPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServiceWorkerPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          /** @param {string} file @param {string} as */
          const emit = (file, as) => {
            compilation.fileDependencies.add(path.join(root, file));
            compilation.emitAsset(as, new webpack.sources.RawSource(readFileSync(path.join(root, file))));
          };
          emit('src/client/service-worker/sw.js', 'sw.js');
          emit('src/client/service-worker/manifest.webmanifest', 'manifest.webmanifest');
          emit('assets/icon-color-192.png', 'icon-color-192.png');
        },
      );
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|xml)$/;
// Brotli's quality 10 makes files 2–3% larger than 11 in 40% of the time (over the ~10 MB of
// scripts a build writes: 6 s of CPU against 15.5); 9 is quicker still but 9% larger.
const BROTLI_QUALITY = 10;

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
                brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
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

/**
 * A production build with a warning fails: a warning there has meant a broken import (an export
 * that does not exist is undefined at run time) or a manifest pointing at the wrong origin.
 */
class WarningsFailPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WarningsFailPlugin', (compilation) => {
      compilation.hooks.processWarnings.tap('WarningsFailPlugin', (warnings) => {
        compilation.errors.push(...warnings);
        return [];
      });
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
    // Production source maps are opt-in (SOURCE_MAPS=true): they took about a third of the build's
    // time (docs/build-and-start.md) and nothing the product does reads them.
    devtool: production
      ? process.env.SOURCE_MAPS === 'true'
        ? 'source-map'
        : false
      : 'eval-cheap-module-source-map',
    entry: { ...ENTRIES, [SEND_HANDLER.name]: SEND_HANDLER.entry },
    output: {
      path: path.resolve(root, 'dist'),
      publicPath: '/',
      filename: (/** @type {import('webpack').PathData} */ data) =>
        data.chunk?.name === SEND_HANDLER.name
          ? `${SEND_HANDLER.name}.js`
          : production
            ? 'js/[name].[contenthash:10].js'
            : 'js/[name].js',
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
          options: {
            babelOptions: { presets: ['@babel/preset-typescript'] },
            webpackResolveOptions: {
              alias: {
                '@fluentui/react-components$': path.resolve(root, 'src/client/build/griffel-evaluation.cjs'),
              },
            },
          },
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
      new HtmlWebpackPlugin({
        filename: 'addin-sign-in.html',
        template: './src/client/entries/addin-sign-in.html',
        chunks: ['addinSignIn'],
        minify,
        scriptLoading: 'defer',
      }),
      new HtmlWebpackPlugin({
        filename: `${SEND_HANDLER.name}.html`,
        template: `./src/client/entries/${SEND_HANDLER.name}.html`,
        chunks: [SEND_HANDLER.name],
        minify,
        scriptLoading: 'defer',
      }),
      new PreloadChunkGroupPlugin('taskpane.html', PANE_LANDING_GROUP),
      new EagerEntryScriptsPlugin('taskpane.html'),
      // env.addinOrigin: the HTTPS origin scripts/build.mjs checked (resolveAddinOrigin)
      new AddinManifestPlugin({
        production,
        origin: typeof env.addinOrigin === 'string' ? env.addinOrigin : undefined,
      }),
      new ServiceWorkerPlugin(),
      ...(production ? [new CompileHintsPlugin(), new PrecompressPlugin(), new WarningsFailPlugin()] : []),
    ],
    optimization: {
      // Two minifiers. What a page loads before its first screen (each entry, its libraries and the
      // pane's landing screen) goes through terser, whose dead-code removal drops what the
      // contract's pure schemas leave unused (zod among it): esbuild's minifier, which does not,
      // left the pane's first download 40 KB (gzip) heavier. Every other script, the screens'
      // chunks (~80% of the bytes), goes through esbuild's: terser over everything took two
      // minutes of a two-core build, this takes seconds.
      minimizer: [
        new MinimizerPlugin({
          test: /\.js$/,
          include: FIRST_LOAD_SCRIPTS,
          minify: MinimizerPlugin.terserMinify,
          minimizerOptions: { compress: { passes: 2 } },
          parallel: 2,
        }),
        new EsbuildPlugin({ target: 'es2022', css: false, exclude: FIRST_LOAD_SCRIPTS }),
      ],
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
