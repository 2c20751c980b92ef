// Realistic assistant replies for the streaming property tests: the constructs models actually
// produce, in the combinations they produce them (code inside lists, tables after prose, math
// beside prices, loose lists, fences holding markdown-looking text).

const FENCE = '```';

export const REPLY_CORPUS: Readonly<Record<string, string>> = {
  debounce: `Here's a small, dependency-free **debounce** helper in TypeScript. It delays calling \`fn\` until \`wait\` ms have passed without another call:

${FENCE}ts
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = 200) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
}
${FENCE}

### How it works

1. Each call **cancels** the pending timer, if any.
2. A new timer is started with the latest arguments.
3. Only the *last* call in a burst runs.

> **Note:** if you need the first call to run immediately, pass a \`leading\` flag — see [lodash's docs](https://lodash.com/docs/#debounce).

That's it! Let me know if you want a version that returns a promise.
`,

  pandas: `You can do this with **pandas** in three steps.

## 1. Load the data

${FENCE}python
import pandas as pd

df = pd.read_csv("sales.csv", parse_dates=["date"])
df["month"] = df["date"].dt.to_period("M")
${FENCE}

## 2. Aggregate

${FENCE}python
summary = (
    df.groupby(["region", "month"])
      .agg(total=("amount", "sum"), orders=("id", "count"))
      .reset_index()
)
${FENCE}

## 3. Result

| Region | Month | Total ($) | Orders |
|:-------|:-----:|----------:|-------:|
| North  | 2024-01 | 12,400 | 87 |
| South  | 2024-01 | 9,150 | 64 |
| West   | 2024-01 | 15,020 | 102 |

Key points:

- \`groupby\` accepts a list of columns
  - order matters for the index
  - use \`as_index=False\` to skip \`reset_index()\`
- named aggregation keeps column names readable
`,

  setup: `To set up the project:

1. Install the dependencies:

   ${FENCE}bash
   npm install

   npm run build
   ${FENCE}

2. Create a \`.env\` file:

   ${FENCE}
   API_URL=http://localhost:8080
   DEBUG=true
   ${FENCE}

3. Start the server with \`npm start\`.

> [!WARNING]
> Don't commit \`.env\` — add it to \`.gitignore\`.

If port 8080 is taken, change \`API_URL\` and restart.
`,

  math: `The quadratic formula solves $ax^2 + bx + c = 0$:

$$
x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}
$$

The discriminant \\(\\Delta = b^2 - 4ac\\) tells you how many real roots there are:

- $\\Delta > 0$: two real roots
- $\\Delta = 0$: one (double) root
- $\\Delta < 0$: no real roots

Prices are not math: the course costs $5 and the book $10, so $15 in total.

For the integral form, \\[\\int_0^1 x^2\\,dx = \\tfrac{1}{3}\\] holds, and inline $$e^{i\\pi} + 1 = 0$$ is display math too.
`,

  comparison: `Here's a comparison of the three options:

| Feature | SQLite | PostgreSQL | MongoDB |
|---|:---:|:---:|---|
| Transactions | ✅ | ✅ | ✅ (4.0+) |
| Joins | ✅ | ✅ | \`$lookup\` only |
| Horizontal scaling | ❌ | ⚠️ with Citus | ✅ |
| Setup | none | a server | a server |

My checklist before choosing:

- [x] estimate the data size
- [x] list the query patterns
- [ ] benchmark with real data
- [ ] plan backups

More at https://www.postgresql.org/docs/ or <https://sqlite.org/whentouse.html>, or ask me at help@example.com.

![Architecture diagram](https://example.com/diagram.png "Diagram")
`,

  mixed: `Quick answer
===

Use **bold**, *italic*, ***both***, ~~strikethrough~~ and \`inline code\`.
Line one with a hard break  
line two, and another with a backslash\\
line three.

---

> A quote with a list:
>
> - first
> - second
>
> and a closing line.

Raw HTML is shown as text: <span style="color:red">red</span> and

<div class="note">
a block of it
</div>

Escapes: \\*not emphasis\\*, \\# not a heading, 5 \\< 6 &amp; 7 &gt; 3.

Setext heading two
------------------

Done.
`,

  configs: `Here are the config files.

${FENCE}json
{
  "compilerOptions": {
    "strict": true,
    "target": "ES2022"
  }
}
${FENCE}

~~~yaml
services:
  web:
    image: nginx:1.27
    ports:
      - "8080:80"
~~~

${FENCE}css
.card {
  display: grid;
  gap: 1rem;
}
${FENCE}

${FENCE}sql
SELECT region, SUM(amount) AS total
FROM sales
WHERE date >= '2024-01-01'
GROUP BY region;
${FENCE}

A fence can show fences:

\`\`\`\`markdown
${FENCE}js
console.log("nested");
${FENCE}
\`\`\`\`
`,

  lists: `Some options:

- **Option A** — simplest

- **Option B** — faster, but:

  needs a second paragraph

- **Option C**
  1. step one
  2. step two
     - detail

Then a paragraph after the list.

    indented code
    block here

See [the guide][guide] and [the FAQ][faq].

[guide]: https://example.com/guide "Guide"
[faq]: https://example.com/faq

Entities: &copy; 2024 &mdash; caf&eacute; &#x1F600; &#169;.
`,

  codeWithMarkdown: `This code block contains text that looks like markdown:

${FENCE}markdown
# Not a heading

- not a list

| not | a table |
|-----|---------|

**not bold**
${FENCE}

After it, a real list:

* one
* two

And a diff:

${FENCE}diff
- const a = 1;
+ const a = 2;
${FENCE}
`,

  // Token streams often put the space before a word, so a paragraph can start with one.
  spaceLed: ` The first paragraph, led by a space.

 The second, with **bold** and \`code\`.

   Three spaces are still a paragraph.

    Four make code.

    And the code goes on.

  Two spaces end it.

 - a list led by a space

   continued inside the item

 - and a second item

 A paragraph after the list.

\tA tab makes code.
`,
};
