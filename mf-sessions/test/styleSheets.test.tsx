import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { SessionFormStyles } from '../src/features/session-form/components/SessionFormStyles';
import { PanelStyles } from '../src/lib/PanelStyles';
import { SessionsStyles } from '../src/lib/SessionsStyles';

const SRC = path.join(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/Styles\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** The remote's own class names a set of files writes out whole (a name built from a variable ends in "-"). */
function classesUsed(files: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    for (const [name] of fs.readFileSync(file, 'utf8').matchAll(/\blls-[a-z0-9_-]*[a-z0-9]\b(?!-)/g)) used.add(name);
  }
  return used;
}

/** The rules a sheet holds, read from what it renders (into the page's head, where the sheets before it stay). */
function rulesOf(Sheet: () => ReactElement): string {
  const before = new Set(document.querySelectorAll('style'));
  const { unmount } = render(<Sheet />);
  const css = [...document.querySelectorAll('style')]
    .filter((style) => !before.has(style))
    .map((style) => style.textContent ?? '')
    .join('\n');
  unmount();
  return css;
}

const defines = (css: string, name: string) => new RegExp(`\\.${name}(?![a-z0-9_-])`).test(css);

describe("the sessions remote's style sheets", () => {
  const shared = rulesOf(SessionsStyles);
  const form = rulesOf(SessionFormStyles);
  const panels = rulesOf(PanelStyles);
  const all = sourceFiles(SRC);
  const formFiles = all.filter((f) => f.includes(`${path.sep}session-form${path.sep}`));
  const screenFiles = all.filter(
    (f) => f.includes(`${path.sep}new-session${path.sep}`) || f.endsWith('NewSession.tsx'),
  );
  const panelFiles = all.filter((f) => !formFiles.includes(f) && !screenFiles.includes(f));

  // A class no sheet has rules for is only a hook for tests or for later; those the sheets style must come with it.
  const styled = (name: string) => defines(`${shared}${form}${panels}`, name);

  it('gives the session form every rule it uses from its own sheet and the shared one', () => {
    const missing = [...classesUsed([...formFiles, ...screenFiles])].filter(
      (name) => styled(name) && !defines(shared, name) && !defines(form, name),
    );
    expect(missing).toEqual([]);
  });

  it('gives the panels and the history screen every rule they use from their sheet and the shared one', () => {
    const missing = [...classesUsed(panelFiles)].filter(
      (name) => styled(name) && !defines(shared, name) && !defines(panels, name),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the form's rules out of the panels' first view and the panels' out of the form's", () => {
    expect(shared).toContain('.lls-header');
    expect(defines(form, 'lls-signature')).toBe(true);
    expect(defines(panels, 'lls-signature') || defines(shared, 'lls-signature')).toBe(false);
    expect(defines(panels, 'lls-session-list')).toBe(true);
    expect(defines(form, 'lls-session-list') || defines(shared, 'lls-session-list')).toBe(false);
  });
});
