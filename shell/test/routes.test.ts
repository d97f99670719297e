import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { matchPath } from 'react-router-dom';
import { paths, routePatterns } from '@logbook/shell-context/routes';

describe('the paths module', () => {
  it.each([
    [paths.dashboard, routePatterns.dashboard, {}],
    [paths.newStudent, routePatterns.newStudent, {}],
    [paths.editStudent(7), routePatterns.editStudent, { id: '7' }],
    [paths.subscribe(7), routePatterns.subscribe, { studentId: '7' }],
    [paths.studentSessions(7), routePatterns.studentSessions, { studentId: '7' }],
    [paths.newSession(7), routePatterns.newSession, { studentId: '7' }],
    [paths.studentNewSession(7), routePatterns.studentNewSessionFor, { studentId: '7' }],
    [paths.studentNewSession(), routePatterns.studentNewSession, {}],
    [paths.verifyCode('ABCD-2345'), routePatterns.verifyCode, { code: 'ABCD-2345' }],
    [paths.forgotPassword, routePatterns.forgotPassword, {}],
    [paths.resetPassword, routePatterns.resetPassword, {}],
    [paths.account, routePatterns.account, {}],
  ])('%s is the route %s', (path, pattern, params) => {
    expect(matchPath(pattern, path)?.params).toEqual(params);
  });

  it('opens a draft by its id, written safely into the address', () => {
    expect(paths.newSession(7, 'draft-1 &x')).toBe('/students/7/new-session?loadDraft=draft-1%20%26x');
    expect(paths.studentPaperHours(7)).toBe('/students/7#paper-hours');
  });
});

/** Every source file of the shell and the remotes. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('route paths in the front ends', () => {
  const root = join(__dirname, '..', '..');
  const files = ['shell/src', 'mf-parent/src', 'mf-student/src', 'mf-sessions/src'].flatMap((dir) =>
    sources(join(root, dir)),
  );
  // A screen's address written out by hand: '/dashboard', `/students/${id}`, "/student-login" and the like.
  const literal =
    /['"`]\/(dashboard|students\b|student-|admin-settings|account\b|login|register|forgot-password|reset-password|verify\b)/;

  it('come from the paths module, never as string literals', () => {
    const offenders = files.filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => literal.test(line) && !/^\s*(\/\/|\*|\/\*\*)/.test(line)),
    );
    expect(offenders.map((file) => file.slice(root.length + 1))).toEqual([]);
  });
});
