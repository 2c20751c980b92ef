// Generates a realistic coding answer, deterministically from a seed: prose with inline code,
// bold and links, headings, bullet and numbered lists (some nested), tables, block quotes and
// several 20–40-line code blocks in common languages. Smaller answers are prefixes of larger ones.
import { seededRandom as seeded } from '../../test/support/seeded-random.mjs';

const WORDS = (
  'the a to of and in is that for it with as on this be by you can are we if or your when use which each ' +
  'function value request response cache state component render update stream buffer parser token block ' +
  'module config server client query index error handler callback promise timeout retry batch queue event ' +
  'memory layout browser thread worker file path option default result array object string number method'
).split(' ');
const IDENTIFIERS = ['userId', 'items', 'config', 'response', 'cache', 'handler', 'options', 'result', 'queue', 'buffer', 'token', 'state'];
const LINKS = ['https://developer.mozilla.org/en-US/docs/Web/API', 'https://nodejs.org/api/stream.html', 'https://react.dev/reference/react', 'https://docs.python.org/3/library/asyncio.html'];

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

function between(random, min, max) {
  return min + Math.floor(random() * (max - min + 1));
}

function sentence(random) {
  const words = Array.from({ length: between(random, 8, 20) }, () => pick(random, WORDS));
  const decorate = random();
  if (decorate < 0.25) words[between(random, 1, words.length - 1)] = `\`${pick(random, IDENTIFIERS)}\``;
  else if (decorate < 0.4) words[between(random, 1, words.length - 1)] = `**${pick(random, WORDS)} ${pick(random, WORDS)}**`;
  else if (decorate < 0.5) words[between(random, 1, words.length - 1)] = `[${pick(random, WORDS)} docs](${pick(random, LINKS)})`;
  else if (decorate < 0.58) words[between(random, 1, words.length - 1)] = `*${pick(random, WORDS)}*`;
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random) {
  return Array.from({ length: between(random, 2, 5) }, () => sentence(random)).join(' ');
}

const CODE = {
  ts: (random, depth) => {
    const id = pick(random, IDENTIFIERS);
    return pick(random, [
      `const ${id} = await fetch(\`/api/\${${pick(random, IDENTIFIERS)}}\`, { signal });`,
      `if (${id}.length > ${between(random, 1, 100)}) {`,
      `return ${id}.filter((item) => item.id !== ${pick(random, IDENTIFIERS)}.id);`,
      `export function ${id}Handler(event: CustomEvent<${id === 'items' ? 'string[]' : 'number'}>): void {`,
      `// ${sentence(random).slice(0, 60)}`,
      `${id}.set(key, { value, expires: Date.now() + ${between(random, 100, 9000)} });`,
      `for (const entry of ${id}) total += entry.size;`,
      `throw new Error(\`Unexpected ${id}: \${String(${id})}\`);`,
    ]) + (depth > 2 ? '' : '');
  },
  python: (random) => {
    const id = pick(random, IDENTIFIERS).toLowerCase();
    return pick(random, [
      `${id} = [x for x in ${pick(random, IDENTIFIERS).toLowerCase()} if x is not None]`,
      `async def fetch_${id}(session, url: str) -> dict:`,
      `if len(${id}) > ${between(random, 1, 100)}:`,
      `return {"${id}": ${id}, "count": len(${id})}`,
      `# ${sentence(random).slice(0, 60)}`,
      `await asyncio.sleep(${(random() * 2).toFixed(2)})`,
      `logger.info("processed %d ${id}", len(${id}))`,
    ]);
  },
  bash: (random) =>
    pick(random, [
      `npm install --save-dev ${pick(random, ['vitest', 'esbuild', 'typescript', 'eslint'])}`,
      `export ${pick(random, IDENTIFIERS).toUpperCase()}="${pick(random, WORDS)}"`,
      `if [ -f "$HOME/.config/${pick(random, WORDS)}" ]; then`,
      `  echo "found ${pick(random, WORDS)}" >&2`,
      `curl -sS -H "Authorization: Bearer $TOKEN" https://api.example.com/${pick(random, WORDS)}`,
      `fi`,
    ]),
  json: (random) => `"${pick(random, IDENTIFIERS)}": ${pick(random, [`"${pick(random, WORDS)}"`, String(between(random, 0, 999)), 'true', 'null'])},`,
};
const LANGUAGES = ['ts', 'python', 'bash', 'json', 'ts', 'python'];

function codeBlock(random) {
  const language = pick(random, LANGUAGES);
  const lines = [];
  let depth = 0;
  for (let i = between(random, 20, 40); i > 0; i -= 1) {
    const line = CODE[language](random, depth);
    lines.push(`${'  '.repeat(depth)}${line}`);
    if (line.endsWith('{') || line.endsWith(':') || line.endsWith('then')) depth = Math.min(depth + 1, 3);
    else if (depth > 0 && random() < 0.3) {
      depth -= 1;
      if (language === 'ts') lines.push(`${'  '.repeat(depth)}}`);
    }
  }
  return `\`\`\`${language}\n${lines.join('\n')}\n\`\`\``;
}

function list(random) {
  const ordered = random() < 0.4;
  return Array.from({ length: between(random, 3, 6) }, (_, i) => {
    const item = `${ordered ? `${i + 1}.` : '-'} ${sentence(random)}`;
    return random() < 0.2 ? `${item}\n   - ${sentence(random)}\n   - ${sentence(random)}` : item;
  }).join('\n');
}

function table(random) {
  const columns = between(random, 3, 5);
  const header = Array.from({ length: columns }, () => pick(random, WORDS));
  const align = Array.from({ length: columns }, () => pick(random, ['---', ':---', ':---:', '---:']));
  const rows = Array.from({ length: between(random, 4, 8) }, () =>
    Array.from({ length: columns }, () => (random() < 0.3 ? `\`${pick(random, IDENTIFIERS)}\`` : `${pick(random, WORDS)} ${between(random, 1, 999)}`)),
  );
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** An answer of at least `minLength` characters, generated from `seed`. */
export function generateAnswer(seed, minLength) {
  const random = seeded(seed);
  const parts = [paragraph(random)];
  let length = parts[0].length;
  let section = 1;
  while (length < minLength) {
    const roll = random();
    let part;
    if (roll < 0.1) part = `## ${section++}. ${sentence(random).slice(0, -1)}`;
    else if (roll < 0.42) part = paragraph(random);
    else if (roll < 0.6) part = codeBlock(random);
    else if (roll < 0.78) part = list(random);
    else if (roll < 0.9) part = table(random);
    else part = `> **Note:** ${sentence(random)}`;
    parts.push(part);
    length += part.length + 2;
  }
  return parts.join('\n\n');
}

/** The measured answers: one text, cut at each size, so each is a prefix of the next. */
export const ANSWER_SIZES_KB = [5, 20, 50, 100];
export const ANSWER_SEED = 20240611;
/** A different answer run first in every page, so the JIT is warm before anything is measured. */
export const WARMUP_SEED = 7;
export const WARMUP_KB = 20;
export const KB = 1024;

export function measuredAnswers() {
  const largest = ANSWER_SIZES_KB.at(-1) * KB;
  const text = generateAnswer(ANSWER_SEED, largest).slice(0, largest);
  return ANSWER_SIZES_KB.map((kb) => ({ kb, text: text.slice(0, kb * KB) }));
}

export function warmupAnswer() {
  return generateAnswer(WARMUP_SEED, WARMUP_KB * KB).slice(0, WARMUP_KB * KB);
}
