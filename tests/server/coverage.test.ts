import { describe, expect, it } from 'vitest';
import { allContracts, type AnyContract } from '../../src/shared/contract';
import { implementations } from '../../server/domains';
import { CALL_KINDS, readCatalogue } from '../helpers/catalogue';

/** ARCHITECTURE §3 'coverage': every catalogue row ends up with a contract and a handler. */
describe('contract coverage against the spec catalogue', () => {
  const catalogue = readCatalogue().filter((row) => (CALL_KINDS as readonly string[]).includes(row.kind));
  const catalogued = new Map(catalogue.map((row) => [row.path, row]));
  const handled = new Set(implementations.map((implementation) => implementation.contract.path));

  it('has no contract for a path the catalogue does not name, unless marked as our extension', () => {
    const strays = allContracts.filter((contract) => !contract.extension && !catalogued.has(contract.path)).map((c) => c.path);
    expect(strays).toEqual([]);
  });

  /** The catalogue lists a socket's frame types (`socket#TYPE`) as `live` rows. */
  const catalogueKindOf = (contract: AnyContract) => (contract.kind === 'frame' ? 'live' : contract.kind);

  it('declares each catalogued path with the kind the catalogue gives', () => {
    const mismatched = allContracts
      .filter((contract) => catalogued.has(contract.path) && catalogued.get(contract.path)!.kind !== catalogueKindOf(contract))
      .map((contract) => `${contract.path}: ${contract.kind} ≠ ${catalogued.get(contract.path)!.kind}`);
    expect(mismatched).toEqual([]);
  });

  it('declares every path once and implements every call contract exactly once', () => {
    const paths = allContracts.map((contract) => `${contract.kind} ${contract.path}`);
    expect(paths.length).toBe(new Set(paths).size);
    const calls = allContracts.filter((contract) => contract.kind === 'http' || contract.kind === 'live');
    expect(calls.filter((contract) => !handled.has(contract.path)).map((contract) => contract.path)).toEqual([]);
    const counts = new Map<string, number>();
    for (const implementation of implementations) counts.set(implementation.contract.path, (counts.get(implementation.contract.path) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
    for (const implementation of implementations) expect(allContracts).toContain(implementation.contract);
  });

  it("declares a declared socket's catalogued frame types, each on its socket", () => {
    const sockets = new Set(allContracts.filter((contract) => contract.kind === 'socket').map((contract) => contract.path));
    const frames = new Set(allContracts.filter((contract) => contract.kind === 'frame').map((contract) => contract.path));
    const undeclared = catalogue.filter((row) => sockets.has(row.path.split('#')[0]!) && row.path.includes('#') && !frames.has(row.path)).map((row) => row.path);
    expect(undeclared).toEqual([]);
    const orphans = allContracts.filter((contract) => contract.kind === 'frame' && !sockets.has(contract.socketPath)).map((contract) => contract.path);
    expect(orphans).toEqual([]);
  });

  it('reports progress', () => {
    const implemented = catalogue.filter((row) => {
      const contract = allContracts.find((candidate) => candidate.path === row.path);
      if (!contract) return false;
      return contract.kind === 'http' || contract.kind === 'live' ? handled.has(row.path) : true;
    });
    const byKind = CALL_KINDS.map((kind) => {
      const rows = catalogue.filter((row) => row.kind === kind);
      return `${kind} ${implemented.filter((row) => row.kind === kind).length}/${rows.length}`;
    });
    console.log(`implemented ${implemented.length} of ${catalogue.length} (${byKind.join(', ')})`);
    expect(implemented.length).toBeGreaterThan(0);
  });
});
