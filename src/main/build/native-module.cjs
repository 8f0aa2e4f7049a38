// Shared by the pack hooks: where better-sqlite3's native binary lives and where Node's copy of
// it waits while the Electron build is being packaged.
const { join } = require('node:path');

const MODULE = 'better-sqlite3';

/** @param {string} projectDir */
function nativePaths(projectDir) {
  return {
    binary: join(projectDir, 'node_modules', MODULE, 'build', 'Release', 'better_sqlite3.node'),
    // Outside the module folder, so it is never packaged; a leftover means an interrupted pack.
    nodeBackup: join(projectDir, 'node_modules', '.enot-node-abi', 'better_sqlite3.node'),
  };
}

module.exports = { MODULE, nativePaths };
