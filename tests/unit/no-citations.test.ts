import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A clone explains itself: comments, test names and docs state the rule they rely on instead of
 * pointing at a tracker issue or at a numbered section of a document the repository does not hold.
 * The product's rules live in docs/product.md; the calls in docs/api.md.
 */

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['src', 'server', 'contract', 'sw', 'tests', 'docs'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|css|html|json|ya?ml)$/;
const SECTION = '\u00a7';
const ISSUE = 'issue';
/** A tracker issue by number, or a numbered section (of the spec or any other text): a reference a reader cannot follow. */
const CITATION = new RegExp(`\\b[Ii]ssues? \\d+|\\b[Ss]pec ${SECTION}|${SECTION} ?\\d`);
/** Applied migrations are never edited (a database that ran one keeps it as it was), so their old comments stay. */
const FROZEN = join(ROOT, 'server', 'db', 'migrations');

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || path === FROZEN ? [] : textFiles(path);
    return TEXT.test(name) ? [path] : [];
  });
}

function rootFiles(): string[] {
  return readdirSync(ROOT)
    .filter((name) => name === 'README.md' || /\.(ts|mjs|js)$/.test(name))
    .map((name) => join(ROOT, name));
}

/** Every line that cites an issue or a numbered spec section, as `path:line: text`. */
function citations(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) => (CITATION.test(text) ? [`${relative(ROOT, file)}:${index + 1}: ${text.trim()}`] : [])),
  );
}

describe('comments, test names and docs cite no issue or spec section', () => {
  it('recognises the citations it forbids', () => {
    const samples = [`${ISSUE} 17 ${SECTION}1`, `I${ISSUE.slice(1)} 3`, `spec ${SECTION}4`, `(${SECTION}9)`, `${SECTION} 2`, `${ISSUE}s 3 and 4`];
    expect(samples.filter((text) => !CITATION.test(text))).toEqual([]);
    expect(['the issue', 'RFC 9110 section 10.2.3', 'tissue 5a'].filter((text) => CITATION.test(text))).toEqual([]);
  });

  it('finds none in src, server, contract, sw, tests, docs and the root files', () => {
    const files = [...FOLDERS.flatMap((folder) => textFiles(join(ROOT, folder))), ...rootFiles()];
    expect(files.length).toBeGreaterThan(100);
    const found = citations(files);
    expect(found, `State the rule instead of citing it:\n${found.join('\n')}`).toEqual([]);
  });
});
