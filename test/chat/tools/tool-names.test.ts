// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serverSlug, toolCatalogue } from '../../../src/chat/tools';

describe('serverSlug', () => {
  it.each([
    ['My Files (work)', 'my_files_work'],
    ['GitHub', 'github'],
    ['  ', 'mcp'],
    ['a__b', 'a_b'],
    ['A very long server name indeed', 'a_very_long_serv'],
  ])('%j → %j', (label, slug) => {
    expect(serverSlug(label)).toBe(slug);
  });
});

describe('toolCatalogue', () => {
  const catalogue = toolCatalogue([
    { serverId: 's1', label: 'Files', tools: [{ name: 'search', description: 'Find files', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] },
    { serverId: 's2', label: 'files', tools: [{ name: 'search', inputSchema: {} }, { name: 'read.file', inputSchema: {} }] },
  ]);

  it('names every tool after its server, so the same tool name on two servers does not collide', () => {
    expect(catalogue.tools.map((t) => t.function.name)).toEqual(['files__search', 'files2__search', 'files2__read_file']);
  });

  it('writes the OpenAI tools format, with an object schema even when the server sent none', () => {
    expect(catalogue.tools[0]).toEqual({
      type: 'function',
      function: { name: 'files__search', description: 'Find files', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
    });
    expect(catalogue.tools[1]!.function).toEqual({ name: 'files2__search', parameters: { type: 'object', properties: {} } });
  });

  it('maps the name the model calls back to its server and tool, and back again', () => {
    for (const tool of catalogue.tools) {
      const target = catalogue.resolve(tool.function.name);
      expect(target).toBeDefined();
      expect(catalogue.nameOf(target!)).toBe(tool.function.name);
    }
    expect(catalogue.resolve('files2__read_file')).toEqual({ serverId: 's2', tool: 'read.file' });
    expect(catalogue.resolve('search')).toBeUndefined();
  });

  it('keeps names within the 64 characters OpenAI allows, unique even when cut', () => {
    const long = 'x'.repeat(80);
    const names = toolCatalogue([{ serverId: 's', label: 'S', tools: [{ name: `${long}a`, inputSchema: {} }, { name: `${long}b`, inputSchema: {} }] }]).tools.map(
      (t) => t.function.name,
    );
    expect(names.every((n) => n.length <= 64)).toBe(true);
    expect(new Set(names).size).toBe(2);
  });
});
