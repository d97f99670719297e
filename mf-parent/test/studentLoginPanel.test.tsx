import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { generate } from 'lean-qr/nano';
import { DELETE_LOGIN_CONFIRMATION, TOASTS, VALIDATION } from '@logbook/contracts/messages';
import type { Student } from '@logbook/contracts/schemas';
import { resetToasts } from '@logbook/shell-context/toasts';
import { StudentLoginPanel } from '../src/features/student-login/components/StudentLoginPanel';
import { validateCredentials } from '../src/features/student-login/utils/credentials';
import { qrSvgDataUrl, studentLoginUrl } from '../src/features/student-login/utils/studentLoginUrl';
import { useStudents } from '@logbook/shell-context/students';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

/** The dashboard's list, mounted beside the panel so a refetch can be seen. */
function StudentsList() {
  const { data } = useStudents();
  return <output data-testid="students-count">{data?.length ?? '…'}</output>;
}

const student = (overrides: Partial<Student> = {}): Student => ({
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: true,
  studentUsername: 'sam.lee',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The squares an SVG QR code data URL draws, its side in modules and its width, as the SVG says. */
function readQrSvg(dataUrl: string) {
  expect(dataUrl.startsWith('data:image/svg+xml,')).toBe(true);
  const svg = decodeURIComponent(dataUrl.slice('data:image/svg+xml,'.length));
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const width = Number(/ width="(\d+)"/.exec(svg)?.[1]);
  const d = /<path fill="#000000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const squares = [...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => [Number(x), Number(y)] as const);
  expect(d.replace(/M\d+ \d+h1v1h-1z/g, '')).toBe('');
  expect(svg).toContain(`<rect width="${side}" height="${side}" fill="#ffffff"/>`);
  return { side, width, squares };
}

/** The text a QR code data URL holds, drawn at 8 px a module and read the way a phone camera would. */
function decodeQr(dataUrl: string): string | null {
  const { side, squares } = readQrSvg(dataUrl);
  const px = 8;
  const edge = side * px;
  const rgba = new Uint8ClampedArray(edge * edge * 4).fill(255);
  for (const [x, y] of squares)
    for (let dy = 0; dy < px; dy++)
      for (let dx = 0; dx < px; dx++) {
        const at = ((y * px + dy) * edge + x * px + dx) * 4;
        rgba[at] = rgba[at + 1] = rgba[at + 2] = 0;
      }
  return jsQR(rgba, edge, edge)?.data ?? null;
}

// jsdom has no <dialog> methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => resetToasts());

describe('student login QR code', () => {
  it('encodes the absolute address of /student-login on this site', () => {
    expect(studentLoginUrl('http://localhost:8080')).toBe('http://localhost:8080/student-login');
    expect(studentLoginUrl('https://logbook.example.com')).toBe('https://logbook.example.com/student-login');
    expect(studentLoginUrl()).toBe(`${window.location.origin}/student-login`);
  });

  it('is drawn 300 px wide with a quiet zone of 2 modules, black on white, and decodes back to the address', () => {
    const url = studentLoginUrl('https://logbook.example.com');
    const code = generate(url);
    const { side, width, squares } = readQrSvg(qrSvgDataUrl(code));
    expect(width).toBe(300);
    expect(side).toBe(code.size + 4);
    // Nothing is drawn in the quiet zone, and every dark module is.
    expect(squares.every(([x, y]) => x >= 2 && y >= 2 && x < code.size + 2 && y < code.size + 2)).toBe(true);
    expect(squares.length).toBe(
      Array.from({ length: code.size ** 2 }, (_, i) => code.get(i % code.size, Math.floor(i / code.size))).filter(
        Boolean,
      ).length,
    );
    expect(decodeQr(qrSvgDataUrl(code))).toBe(url);
  });

  it('shows a 64 px code on the card and a 256 px one in the large dialog, both for /student-login', async () => {
    fakeFetch({});
    renderWithProviders(<StudentLoginPanel student={student()} />);
    const small = await screen.findByTestId('student-login-qr', {}, { timeout: 5000 });
    expect(small.getAttribute('width')).toBe('64');
    expect(decodeQr(small.getAttribute('src')!)).toBe(`${window.location.origin}/student-login`);
    expect(screen.getByTestId('student-username').textContent).toBe('sam.lee');

    fireEvent.click(screen.getByRole('button', { name: 'Show Large QR Code' }));
    const large = await screen.findByTestId('student-login-qr-large', {}, { timeout: 5000 });
    expect(large.getAttribute('width')).toBe('256');
    expect(decodeQr(large.getAttribute('src')!)).toBe(`${window.location.origin}/student-login`);
  });
});

describe('student login panel', () => {
  it('shows only the inactive message when the subscription is not active', () => {
    fakeFetch({});
    renderWithProviders(<StudentLoginPanel student={student({ subscriptionStatus: 'past_due' })} />);
    expect(screen.getByTestId('student-login-inactive')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('copies the sign-in address, and says so when the clipboard refuses', async () => {
    fakeFetch({});
    const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<StudentLoginPanel student={student()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy URL' })));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/student-login`);
    expect(toastTexts()).toEqual([TOASTS.urlCopied]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy URL' })));
    expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.urlCopyFailed}`]);
  });

  describe('credentials validation', () => {
    it.each([
      ['', ''],
      ['sam', ''],
      ['', 'secret'],
      ['   ', 'secret'],
      ['sam', '   '],
    ])('username %p with password %p is refused', (username, password) => {
      expect(validateCredentials(username, password)).toEqual({
        ok: false,
        message: VALIDATION.bothUsernameAndPassword,
      });
    });

    it('accepts a trimmed username and a password of at least 8 characters', () => {
      expect(validateCredentials('  sam ', ' pw1-kq7 ')).toEqual({
        ok: true,
        data: { studentUsername: 'sam', studentPassword: ' pw1-kq7 ' },
      });
    });

    it.each([
      ['a one-character password', 'sam', 'x', VALIDATION.studentPasswordMin],
      ['a 7-character password', 'sam', 'abcdefg', VALIDATION.studentPasswordMin],
      ['a NUL in the username', 'sa\u0000m', 'kq7-tram', VALIDATION.hiddenCharacters],
      ['a right-to-left override in the username', '\u202Esam', 'kq7-tram', VALIDATION.hiddenCharacters],
      ['a zero-width space in the username', 'sa\u200Bm', 'kq7-tram', VALIDATION.hiddenCharacters],
    ])('refuses %s', (_label, username, password, message) => {
      expect(validateCredentials(username, password)).toEqual({ ok: false, message });
    });
  });

  it('creates a login: refuses blanks in the dialog, then sends, tells the parent and refetches the students', async () => {
    let students = 0;
    const { calls } = fakeFetch({
      'POST /api/students/7/create-login': { body: { ok: true } },
      'GET /api/students': () => {
        students += 1;
        return { body: [] };
      },
    });
    renderWithProviders(
      <>
        <StudentsList />
        <StudentLoginPanel student={student({ hasStudentLogin: false, studentUsername: null })} />
      </>,
    );
    await waitFor(() => expect(students).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Create Student Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Student Login' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Login' }));
    expect((await within(dialog).findByTestId('credentials-error')).textContent).toBe(
      VALIDATION.bothUsernameAndPassword,
    );
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: ' sam ' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'drive123' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Login' })));
    await waitFor(() => expect(toastTexts()).toEqual([TOASTS.studentLoginCreated]));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/students/7/create-login',
      body: { studentUsername: 'sam', studentPassword: 'drive123' },
    });
    await waitFor(() => expect(students).toBe(2));
  });

  it('says in the dialog why a short password is refused, and sends nothing', async () => {
    const { calls } = fakeFetch({});
    renderWithProviders(<StudentLoginPanel student={student({ hasStudentLogin: false, studentUsername: null })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Student Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Student Login' });
    expect(dialog.textContent).toContain('At least 8 characters');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'a' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Login' }));
    expect((await within(dialog).findByTestId('credentials-error')).textContent).toBe(VALIDATION.studentPasswordMin);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('shows in the dialog why the server refused a common password, and keeps it open', async () => {
    fakeFetch({
      'POST /api/students/7/create-login': { status: 400, body: { message: VALIDATION.passwordTooCommon } },
    });
    renderWithProviders(<StudentLoginPanel student={student({ hasStudentLogin: false, studentUsername: null })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Student Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Student Login' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'sam' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'password1' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Login' })));
    await waitFor(() =>
      expect(within(dialog).getByTestId('credentials-error').textContent).toBe(VALIDATION.passwordTooCommon),
    );
    expect(screen.getByRole('dialog', { name: 'Create Student Login' })).toBeTruthy();
  });

  it("shows the server's message when an update is refused, and keeps the dialog open", async () => {
    fakeFetch({
      'PUT /api/students/7/update-login': { status: 409, body: { message: 'That username is already taken' } },
    });
    renderWithProviders(<StudentLoginPanel student={student()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Login' });
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe('sam.lee');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'new-pass' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Update Login' })));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — That username is already taken`]));
    expect(screen.getByRole('dialog', { name: 'Update Login' })).toBeTruthy();
  });

  it('deletes a login only after the confirmation, with the fallback message when the server gives none', async () => {
    const { calls } = fakeFetch({ 'DELETE /api/students/7/delete-login': { status: 500 } });
    renderWithProviders(<StudentLoginPanel student={student()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Login' });
    expect(dialog.textContent).toContain(DELETE_LOGIN_CONFIRMATION);
    expect(calls).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Login' })));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.studentLoginDeleteFailed}`]));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/students/7/delete-login']);
  });
});
