// @vitest-environment node
// Which packages a Python block needs and how they are had (issue 36): imports read from the block,
// looked up in a Pyodide lock file, fetched from the approved address (a real loopback server) and
// checked against the lock's SHA-256.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedModules, packagesFor, readLock, wheelsFor, type PythonLock } from '../../../src/chat/sandbox/python-packages';
import { DEMO_GREETING, DEMO_WHEEL, demoWheel, startPackagesServer, type PackagesServer } from '../../support/python-packages';

const builtIn = readLock(readFileSync('node_modules/pyodide/pyodide-lock.json', 'utf8'))!;

describe('importedModules', () => {
  it('reads the top-level modules of import and from-import lines, once each, in order', () => {
    const code = ['import numpy as np, os.path', 'from pandas.io import json', '  import matplotlib.pyplot as plt  # indented', 'from . import sibling', 'x = "import nothing"', 'import numpy'].join('\n');
    expect(importedModules(code)).toEqual(['numpy', 'os', 'pandas', 'matplotlib']);
  });
});

describe('the lock', () => {
  it('reads Pyodide’s own lock file, with the ABI and each package’s imports', () => {
    expect(builtIn.abi).toMatch(/^\d{4}_\d+$/);
    expect(builtIn.packages.numpy?.imports).toContain('numpy');
  });

  it('puts dependencies first and leaves out modules no package provides', () => {
    const names = packagesFor(['pandas', 'statistics'], builtIn).map((info) => info.name);
    expect(names.at(-1)).toBe('pandas');
    expect(names).toContain('numpy');
    expect(names.indexOf('numpy')).toBeLessThan(names.indexOf('pandas'));
    expect(packagesFor(['csv', 'json'], builtIn)).toEqual([]);
  });

  it('drops entries whose file name could climb out of the address or whose hash is not one', () => {
    const lock = readLock(
      JSON.stringify({
        info: { abi_version: '2026_0' },
        packages: {
          good: { name: 'good', file_name: 'good-1-py3-none-any.whl', sha256: 'a'.repeat(64), imports: ['good'], depends: [] },
          climbs: { name: 'climbs', file_name: '../../secret.whl', sha256: 'a'.repeat(64), imports: ['climbs'], depends: [] },
          nohash: { name: 'nohash', file_name: 'nohash-1.whl', sha256: 'x', imports: ['nohash'], depends: [] },
        },
      }),
    ) as PythonLock;
    expect(Object.keys(lock.packages)).toEqual(['good']);
    expect(readLock('{"info":{},"packages":{}}')).toBeNull();
    expect(readLock('not json')).toBeNull();
  });
});

describe('wheelsFor, against a real address', () => {
  let address: PackagesServer;
  beforeAll(async () => (address = await startPackagesServer(builtIn.abi)));
  afterAll(() => address.close());

  it('asks nothing for a block of plain Python, with or without an address', async () => {
    address.requests.length = 0;
    expect(await wheelsFor('print(1)', address.url, builtIn)).toEqual([]);
    expect(await wheelsFor('import csv', '', builtIn)).toEqual([]);
    expect(address.requests).toEqual([]);
  });

  it('says which packages need an address when none is set', async () => {
    expect(await wheelsFor('import numpy as np', '', builtIn)).toEqual({ reason: 'no-address', names: ['numpy'] });
  });

  it('fetches the wheel the address’s lock names, byte for byte', async () => {
    address.tamper(false);
    const wheels = await wheelsFor('import parleydemo\nprint(parleydemo.hello())', address.url, builtIn);
    expect(Array.isArray(wheels) && wheels.map((wheel) => wheel.name)).toEqual([DEMO_WHEEL]);
    expect(Buffer.from((wheels as { data: ArrayBuffer }[])[0]!.data).equals(demoWheel())).toBe(true);
    expect(DEMO_GREETING).toBe('hello from a package');
  });

  it('refuses a wheel that does not match the lock', async () => {
    address.tamper(true);
    expect(await wheelsFor('import parleydemo', address.url, builtIn)).toEqual({ reason: 'mismatch', names: ['parleydemo'] });
    address.tamper(false);
  });

  it('refuses an address built for another Pyodide', async () => {
    const other = await startPackagesServer('1999_0');
    try {
      expect(await wheelsFor('import parleydemo', other.url, builtIn)).toEqual({ reason: 'other-version', address: other.url, version: '1999_0' });
    } finally {
      await other.close();
    }
  });

  it('says the address cannot be read when a package is needed, and runs plain Python all the same', async () => {
    const gone = 'http://127.0.0.1:9/pyodide/';
    expect(await wheelsFor('import numpy', gone, builtIn)).toMatchObject({ reason: 'unreachable', address: gone });
    expect(await wheelsFor('import json', gone, builtIn)).toEqual([]);
  });
});
