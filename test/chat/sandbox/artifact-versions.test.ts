import { describe, expect, it } from 'vitest';
import { artifactsOf, versionOfBlock, type ArtifactSource } from '../../../src/chat/sandbox';

const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;
let next = 0;
const user = (content: string, revises?: string): ArtifactSource => ({ id: `u${++next}`, role: 'user', content, complete: true, revises });
const reply = (content: string, complete = true): ArtifactSource => ({ id: `a${++next}`, role: 'assistant', content, complete });

const summary = (path: ArtifactSource[]) =>
  artifactsOf(path).map((a) => ({ kind: a.kind, name: a.name, versions: a.versions.map((v) => [v.number, v.messageId, v.code]) }));

describe('artifactsOf', () => {
  it('makes three replies rewriting one unnamed page v1, v2, v3 of one artifact, each from its reply', () => {
    const r1 = reply(`Here:\n\n${fence('html', '<p>1</p>')}`);
    const r2 = reply(fence('html', '<p>2</p>'));
    const r3 = reply(`Done.\n\n${fence('html', '<p>3</p>')}`);
    const path = [user('A page'), r1, user('Bigger'), r2, user('Bluer'), r3];
    expect(summary(path)).toEqual([
      { kind: 'html', name: null, versions: [[1, r1.id, '<p>1</p>'], [2, r2.id, '<p>2</p>'], [3, r3.id, '<p>3</p>']] },
    ]);
    expect(artifactsOf(path)[0]!.key).toBe(`${r1.id}:0`);
  });

  it('matches a name across replies, case aside, and keeps two differently named files apart', () => {
    const r1 = reply(`${fence('html index.html', 'i1')}\n\n${fence('html about.html', 'a1')}`);
    const r2 = reply(fence('html ABOUT.html', 'a2'));
    const r3 = reply(fence('html contact.html', 'c1'));
    expect(summary([r1, r2, r3])).toEqual([
      { kind: 'html', name: 'index.html', versions: [[1, r1.id, 'i1']] },
      { kind: 'html', name: 'ABOUT.html', versions: [[1, r1.id, 'a1'], [2, r2.id, 'a2']] },
      { kind: 'html', name: 'contact.html', versions: [[1, r3.id, 'c1']] },
    ]);
  });

  it('keeps a reply’s one page apart from the chat’s one page when both are named differently', () => {
    const r1 = reply(fence('html index.html', 'i1'));
    const r2 = reply(fence('html about.html', 'a1'));
    expect(summary([r1, r2]).map((a) => [a.name, a.versions.length])).toEqual([['index.html', 1], ['about.html', 1]]);
  });

  it('names an unnamed artifact when a later version names it', () => {
    const r1 = reply(fence('svg', '<svg>1</svg>'));
    const r2 = reply(`**logo.svg**\n${fence('svg', '<svg>2</svg>')}`);
    expect(summary([r1, r2])).toEqual([{ kind: 'svg', name: 'logo.svg', versions: [[1, r1.id, '<svg>1</svg>'], [2, r2.id, '<svg>2</svg>']] }]);
  });

  it('never makes a block a version of another kind’s artifact, nor guesses among several', () => {
    const r1 = reply(`${fence('html', 'p1')}\n${fence('html', 'p2')}`);
    const r2 = reply(`${fence('svg', 's')}\n${fence('html', 'p3')}`);
    const s = summary([r1, r2]);
    expect(s.map((a) => a.versions.length)).toEqual([1, 1, 1, 1]);
    expect(s.map((a) => a.kind)).toEqual(['html', 'html', 'svg', 'html']);
  });

  it('takes a block as a version of the artifact the user asked to change, whatever its name', () => {
    const r1 = reply(`${fence('jsx Counter.jsx', 'c1')}\n${fence('jsx Clock.jsx', 'k1')}`);
    const key = artifactsOf([r1])[1]!.key;
    const r2 = reply(fence('jsx Timer.jsx', 'k2'));
    const s = summary([r1, user('Make it a timer', key), r2]);
    expect(s).toEqual([
      { kind: 'jsx', name: 'Counter.jsx', versions: [[1, r1.id, 'c1']] },
      { kind: 'jsx', name: 'Timer.jsx', versions: [[1, r1.id, 'k1'], [2, r2.id, 'k2']] },
    ]);
  });

  it('adds no version for a block repeated unchanged, and none for a block still streaming', () => {
    const r1 = reply(fence('mermaid', 'graph TD; A-->B'));
    const r2 = reply(`Same as before:\n${fence('mermaid', 'graph TD; A-->B')}`);
    const r3 = reply('```mermaid\ngraph TD; A-->C', false);
    const artifacts = artifactsOf([r1, r2, r3]);
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]!.versions).toHaveLength(1);
    expect(versionOfBlock(artifacts, r2.id, 'graph TD; A-->B')?.version.number).toBe(1);
  });

  it('ignores tool and system messages, and a user’s own code', () => {
    const path: ArtifactSource[] = [
      { id: 's', role: 'system', content: fence('html', 'sys'), complete: true },
      user(fence('html', 'mine')),
      { id: 't', role: 'tool', content: fence('html', 'tool'), complete: true },
    ];
    expect(artifactsOf(path)).toEqual([]);
  });
});

describe('versionOfBlock', () => {
  it('finds the artifact and version a reply’s rendered block is', () => {
    const r1 = reply(fence('html', '<p>1</p>'));
    const r2 = reply(fence('html', '<p>2</p>'));
    const artifacts = artifactsOf([r1, r2]);
    expect(versionOfBlock(artifacts, r2.id, '<p>2</p>')).toMatchObject({ artifact: { key: `${r1.id}:0` }, version: { number: 2 } });
    expect(versionOfBlock(artifacts, r1.id, '<p>1</p>')?.version.number).toBe(1);
    expect(versionOfBlock(artifacts, r1.id, '<p>other</p>')).toBeNull();
  });
});
