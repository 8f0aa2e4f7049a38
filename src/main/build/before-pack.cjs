// electron-builder beforePack hook (see electron-builder.yml).
//
// better-sqlite3 stays built for Node's ABI in node_modules so vitest and the server load it;
// electron-builder runs with npmRebuild: false and no postinstall rebuilds it (that would break
// the tests). Only here, right before electron-builder copies node_modules into the app, is the
// binary rebuilt for the target Electron version and arch (Actual Budget's approach), after
// keeping Node's binary aside; after-pack.cjs puts it back.
const { copyFileSync, existsSync, mkdirSync } = require('node:fs');
const { dirname } = require('node:path');
const { MODULE, nativePaths } = require('./native-module.cjs');

// electron-builder's Arch enum (builder-util).
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

/** @param {import('app-builder-lib').BeforePackContext} context */
exports.default = async function beforePack(context) {
  const arch = ARCH_NAMES[context.arch];
  // A universal macOS app is merged from the x64 and arm64 packs, each rebuilt on its own.
  if (arch === 'universal') return;

  const projectDir = context.packager.projectDir;
  const electronVersion =
    context.packager.config.electronVersion ??
    context.packager.info.framework.version ??
    require(require.resolve('electron/package.json', { paths: [projectDir] })).version;

  const { binary, nodeBackup } = nativePaths(projectDir);
  // A backup left by an interrupted pack is Node's binary: never overwrite it with Electron's.
  if (existsSync(binary) && !existsSync(nodeBackup)) {
    mkdirSync(dirname(nodeBackup), { recursive: true });
    copyFileSync(binary, nodeBackup);
  }

  // @electron/rebuild comes with electron-builder (app-builder-lib) and is an ES module.
  const { rebuild } = await import('@electron/rebuild');
  console.log(`  • rebuilding ${MODULE} for Electron ${electronVersion} (${context.electronPlatformName}/${arch})`);
  await rebuild({
    buildPath: projectDir,
    electronVersion,
    arch,
    platform: context.electronPlatformName,
    onlyModules: [MODULE],
    force: true,
  });
};
