// electron-builder afterPack hook: the app now holds the Electron build of better-sqlite3, so put
// Node's binary back in node_modules for vitest and the server (see before-pack.cjs).
const { copyFileSync, existsSync, rmSync } = require('node:fs');
const { nativePaths } = require('./native-module.cjs');

/** @param {import('app-builder-lib').AfterPackContext} context */
exports.default = async function afterPack(context) {
  const { binary, nodeBackup } = nativePaths(context.packager.projectDir);
  if (!existsSync(nodeBackup)) return;
  copyFileSync(nodeBackup, binary);
  rmSync(nodeBackup);
};
